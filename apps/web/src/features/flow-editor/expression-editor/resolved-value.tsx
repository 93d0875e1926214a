import { Text } from '@mantine/core';
import { useTemplateValue } from './use-template-value';
import { valueText } from './value-text';

interface ResolvedValueProps {
  flowId: string;
  sample: Record<string, unknown>;
  template: string;
}

/**
 * 'Valor: …' under an expression param: the template resolved over the node's last input, one
 * line (the whole text on hover); an error in red.
 */
export function ResolvedValue({ flowId, sample, template }: ResolvedValueProps) {
  const { result, failure } = useTemplateValue(flowId, sample, template);
  if (!result && !failure) return null;
  const error = failure ?? (result?.ok === false ? result.error : undefined);
  const text = error ?? (result?.ok ? valueText(result.value) : '');
  return (
    <Text
      size="xs"
      c={error ? 'red' : 'dimmed'}
      truncate="end"
      title={text}
      mt={4}
      data-testid="resolved-value"
    >
      {error ? `Erro: ${text}` : `Valor: ${text}`}
    </Text>
  );
}
