import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RerunFailedBody } from '@ponte/shared/monitoring.schema';
import { errorMessage } from '../../lib/api/api-error';
import { previewFailedReruns, useRerunFailed } from '../../lib/executions/rerun-execution';
import { useFlowNames } from '../../lib/flows/api/get-flow-names';
import { toast } from '../../lib/toasts';
import { DateTimeFilterInput } from './date-time-filter-input';
import { toOffsetDateTime } from './log-filters';

const dayMs = 24 * 60 * 60 * 1000;
/** A moment as the period's bound: São Paulo's wall clock (UTC−3, no daylight saving). */
const boundAt = (at: number) =>
  toOffsetDateTime(new Date(at - 3 * 60 * 60 * 1000).toISOString().slice(0, 19));

/**
 * 'Reexecutar falhas' of /monitoring/completed (docs/adr/0113): the failed executions of one
 * flow in a period run again, whole, on the flow's current version, after a preview of how many.
 */
/**
 * Why some failed executions are left out: their trigger message is not there to run again (over
 * 1 MB, stored masked (docs/adr/0122) or cleared by the retention (docs/adr/0123)).
 */
function withoutTrigger(count: number): string {
  const why = '(mais de 1 MB, guardados mascarados ou já apagados pela retenção)';
  return count === 1
    ? `1 não tem os dados do gatilho para rodar de novo ${why} e fica de fora.`
    : `${count.toLocaleString('pt-BR')} não têm os dados do gatilho para rodar de novo ${why} e ficam de fora.`;
}

export function RerunFailedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { flows } = useFlowNames();
  const [flowId, setFlowId] = useState<string | null>(null);
  const [from, setFrom] = useState(() => boundAt(Date.now() - dayMs));
  const [to, setTo] = useState(() => boundAt(Date.now()));
  const [failure, setFailure] = useState<string | null>(null);
  const rerun = useRerunFailed();
  const body: RerunFailedBody | null = flowId && from && to ? { flow_id: flowId, from, to } : null;
  const previewed = useQuery({
    queryKey: ['monitoring', 'rerun-failed-preview', body],
    queryFn: () => previewFailedReruns(body!),
    enabled: body !== null,
    retry: false,
  });
  const preview = body ? (previewed.data ?? null) : null;
  const shownFailure = failure ?? (body && previewed.error ? errorMessage(previewed.error) : null);

  const runnable = preview ? preview.count - preview.without_trigger : 0;
  const tooMany = preview !== null && preview.count > preview.max;

  const start = async () => {
    if (!body) return;
    try {
      const answer = await rerun.mutateAsync(body);
      const started = answer.execution_ids.length;
      toast.success(
        started === 1 ? '1 execução reexecutada.' : `${started} execuções reexecutadas.`,
      );
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Reexecutar falhas" centered size="lg">
      <Stack gap="md">
        <Text size="sm">
          As execuções com erro do flow no período rodam de novo desde o gatilho, com os mesmos
          dados de entrada, na versão atual do flow. Cada uma vira uma nova execução, ligada à
          original.
        </Text>
        <Select
          label="Flow"
          placeholder="Escolha o flow"
          searchable
          data={flows.map((flow) => ({ value: flow._id, label: flow.name || flow._id }))}
          value={flowId}
          onChange={setFlowId}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateTimeFilterInput label="Terminadas a partir de" value={from} onCommit={setFrom} />
          <DateTimeFilterInput label="Até" value={to} onCommit={setTo} />
        </SimpleGrid>
        {preview ? (
          <Alert color={tooMany ? 'red' : runnable ? 'blue' : 'gray'} variant="light" role="status">
            {preview.count === 0
              ? 'Nenhuma execução com erro deste flow no período.'
              : tooMany
                ? `São ${preview.count.toLocaleString('pt-BR')} execuções com erro no período; reexecute no máximo ${preview.max} de uma vez (escolha um período menor).`
                : `${runnable === 1 ? '1 execução com erro será reexecutada' : `${runnable.toLocaleString('pt-BR')} execuções com erro serão reexecutadas`}.${preview.without_trigger ? ` ${withoutTrigger(preview.without_trigger)}` : ''}`}
          </Alert>
        ) : null}
        {shownFailure ? (
          <Text size="sm" c="red" role="alert">
            {shownFailure}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            disabled={!preview || tooMany || runnable === 0}
            loading={rerun.isPending}
            onClick={() => void start()}
          >
            {runnable > 0 && !tooMany ? `Reexecutar ${runnable}` : 'Reexecutar'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
