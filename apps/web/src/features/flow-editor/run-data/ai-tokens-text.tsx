import { Text } from '@mantine/core';
import { formatTokens, type AiTokens } from '@ponte/shared/ai-tokens.schema';

/**
 * What an execution's model calls spent (docs/adr/0101), in the bars over a past execution and
 * an editor run: 'Tokens de IA: 1.234 de entrada, 567 de saída'. Nothing when it called no model.
 */
export function AiTokensText({ tokens }: { tokens: AiTokens | undefined }) {
  if (!tokens) return null;
  return (
    <Text size="xs" c="dimmed">
      Tokens de IA: {formatTokens(tokens.entrada)} de entrada, {formatTokens(tokens.saida)} de saída
    </Text>
  );
}
