import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useFlow } from '../../../lib/flows/api/get-flow';
import { useVariableKeys } from './api/get-variable-keys';
import { ExpressionResult, noSampleText } from './expression-result';
import { FieldTree } from './field-tree';
import { sampleFields } from './sample-fields';
import type { TemplateEditorHandle } from './template-monaco';

const TemplateMonaco = lazy(() => import('./template-monaco'));

export interface ExpressionEditorModalProps {
  opened: boolean;
  /** The param's label: titles the modal and names the editor. */
  label: string;
  /** The param's template when the editor opens. */
  value: string;
  flowId: string | null | undefined;
  /** The message that reached the node in its last run (or its pins); null: none yet. */
  sample: Record<string, unknown> | null | undefined;
  /** 'Aplicar': the edited template. */
  onApply: (template: string) => void;
  onClose: () => void;
}

const border = '1px solid var(--mantine-color-default-border)';

/**
 * The expression editor: the sample's fields and the variables on the left (click or drag to
 * insert), the template in Monaco with JSONata completion, and the live 'Resultado' below.
 * Full screen on a phone. 'Aplicar' writes the template; 'Cancelar' leaves the param as it was.
 */
export function ExpressionEditorModal(props: ExpressionEditorModalProps) {
  const phone = useMediaQuery('(max-width: 40em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Expressão: ${props.label}`}
      size="90rem"
      fullScreen={phone}
      // Esc belongs to Monaco's suggestions (docs/adr/0080).
      closeOnEscape={false}
    >
      {props.opened && <EditorBody {...props} />}
    </Modal>
  );
}

function EditorBody({
  label,
  value,
  flowId,
  sample,
  onApply,
  onClose,
}: ExpressionEditorModalProps) {
  const [template, setTemplate] = useState(value);
  const [editor, setEditor] = useState<TemplateEditorHandle | null>(null);
  const variables = useVariableKeys(true);
  // What the preview reads as `vars`: the workspace's variables and the saved flow's own.
  const flow = useFlow(flowId ?? undefined);
  const variableKeys = useMemo(() => {
    const own = (flow.data?.variables ?? []).map((variable) => variable.key);
    return [...new Set([...(variables.data ?? []), ...own])].sort((a, b) => a.localeCompare(b));
  }, [variables.data, flow.data]);
  const fields = useMemo(() => (sample ? sampleFields(sample) : []), [sample]);
  const completion = useMemo(
    () => ({ sample: sample ?? null, variableKeys }),
    [sample, variableKeys],
  );
  const insert = useCallback(
    (text: string) => (editor ? editor.insert(text) : setTemplate((current) => current + text)),
    [editor],
  );
  const editorLabel = `Expressão do parâmetro ${label}`;

  return (
    <Stack gap="md" className="nokey">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Text size="sm" fw={600} mb={4}>
            Dados de entrada
          </Text>
          <ScrollArea.Autosize mah={360} type="auto" style={{ border, borderRadius: 4 }}>
            <Box p="xs">
              {sample ? (
                <FieldTree fields={fields} variableKeys={variableKeys} onInsert={insert} />
              ) : (
                <Stack gap="xs">
                  <Text size="sm" c="dimmed">
                    {noSampleText}
                  </Text>
                  <FieldTree fields={[]} variableKeys={variableKeys} onInsert={insert} />
                </Stack>
              )}
            </Box>
          </ScrollArea.Autosize>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="md">
            <Box style={{ border, borderRadius: 4, overflow: 'hidden' }}>
              <Suspense
                fallback={
                  <Center h={160}>
                    <Loader size="sm" aria-label="Carregando o editor" />
                  </Center>
                }
              >
                <TemplateMonaco
                  value={template}
                  onChange={setTemplate}
                  label={editorLabel}
                  height={160}
                  completion={completion}
                  onReady={setEditor}
                />
              </Suspense>
            </Box>
            <Text size="xs" c="dimmed">
              Escreva texto e expressões JSONata entre {'{{ }}'}; digite $ para ver as funções e
              msg. para ver os campos.
            </Text>
            <ExpressionResult flowId={flowId} sample={sample} template={template} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          onClick={() => {
            onApply(template);
            onClose();
          }}
        >
          Aplicar
        </Button>
      </Group>
    </Stack>
  );
}
