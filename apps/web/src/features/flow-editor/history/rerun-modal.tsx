import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api/api-error';
import { useRerunExecution } from '../../../lib/executions/rerun-execution';

interface RerunModalProps {
  opened: boolean;
  executionId: string;
  /** The node it starts from; absent: the whole execution from its trigger. */
  from?: { uid: string; label: string; runs: number };
  /** The flow's version the execution ran (null: not a saved version). */
  ranVersion: number | null;
  /** The flow's current version. */
  currentVersion: number | undefined;
  onClose: () => void;
  /** The new execution started. */
  onStarted: (executionId: string) => void;
}

/**
 * 'Reexecutar' (docs/adr/0113): the whole execution with its trigger data, or from a node with
 * the input it had, on the flow's current version or the one the execution ran.
 */
export function RerunModal(props: RerunModalProps) {
  const { opened, executionId, from, ranVersion, currentVersion, onClose, onStarted } = props;
  const [version, setVersion] = useState<'current' | 'ran'>('current');
  const [failure, setFailure] = useState<string | null>(null);
  const rerun = useRerunExecution();
  const title = from ? `Reexecutar a partir de "${from.label}"` : 'Reexecutar a execução';

  const start = async () => {
    setFailure(null);
    try {
      const started = await rerun.mutateAsync({
        executionId,
        body: { version, ...(from ? { from_node: from.uid } : {}) },
      });
      onStarted(started.execution_id);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">
          {from
            ? from.runs > 1
              ? `O conector roda de novo com a entrada que teve da última vez (de ${from.runs}) nesta execução, e o fluxo segue dele em diante. Uma nova execução é criada, ligada a esta.`
              : 'O conector roda de novo com a entrada que teve nesta execução, e o fluxo segue dele em diante. Uma nova execução é criada, ligada a esta.'
            : 'O flow roda de novo desde o gatilho, com os mesmos dados de entrada. Uma nova execução é criada, ligada a esta.'}
        </Text>
        <Radio.Group
          label="Versão do flow"
          value={version}
          onChange={(value) => setVersion(value as 'current' | 'ran')}
        >
          <Stack gap="xs" mt={6}>
            <Radio
              value="current"
              label={currentVersion ? `Versão atual (versão ${currentVersion})` : 'Versão atual'}
              description="Com as correções feitas depois desta execução."
            />
            <Radio
              value="ran"
              disabled={ranVersion === null}
              label={
                ranVersion === null ? 'Versão que rodou' : `Versão que rodou (versão ${ranVersion})`
              }
              description={
                ranVersion === null
                  ? 'Esta execução não rodou uma versão salva do flow.'
                  : 'Exatamente como estava quando esta execução rodou.'
              }
            />
          </Stack>
        </Radio.Group>
        {failure ? (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={rerun.isPending} onClick={() => void start()}>
            Reexecutar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
