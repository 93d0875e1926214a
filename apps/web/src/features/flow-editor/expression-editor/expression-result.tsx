import { Code, Group, Loader, Stack, Text } from '@mantine/core';
import { useTemplateValue } from './use-template-value';
import { valueText } from './value-text';

export const noSampleText = 'Sem dados de exemplo: execute o flow até este conector.';
export const unsavedFlowText = 'Salve o flow para ver o resultado.';

interface ExpressionResultProps {
  flowId: string | null | undefined;
  sample: Record<string, unknown> | null | undefined;
  template: string;
}

/** 'Resultado': the template resolved over the sample by the server, as the person types. */
export function ExpressionResult({ flowId, sample, template }: ExpressionResultProps) {
  const { result, loading, failure } = useTemplateValue(flowId, sample, template);
  const body = !sample ? (
    <Text size="sm" c="dimmed">
      {noSampleText}
    </Text>
  ) : !flowId ? (
    <Text size="sm" c="dimmed">
      {unsavedFlowText}
    </Text>
  ) : failure ? (
    <Text size="sm" c="red">
      {failure}
    </Text>
  ) : result?.ok === false ? (
    <Text size="sm" c="red" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {result.error}
    </Text>
  ) : result ? (
    <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
      {valueText(result.value, true)}
    </Code>
  ) : null;
  return (
    <Stack gap={4} role="region" aria-label="Resultado" aria-busy={loading}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          Resultado
        </Text>
        {loading && <Loader size={12} aria-label="Calculando o resultado" />}
      </Group>
      {body}
    </Stack>
  );
}
