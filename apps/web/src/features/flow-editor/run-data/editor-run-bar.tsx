import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconHandStop, IconPlayerStop } from '@tabler/icons-react';
import type { AiTokens } from '@ponte/shared/ai-tokens.schema';
import type { ExecutionData } from '@ponte/shared/execution-data.schema';
import { AiTokensText } from './ai-tokens-text';
import { isUnderway } from './run-view';

interface EditorRunBarProps {
  starting: boolean;
  status: ExecutionData['execution']['status'] | undefined;
  /** The node the run goes to. */
  destination: string | undefined;
  error: string | undefined;
  /** What the run's model calls spent (none: it called no model). */
  aiTokens?: AiTokens | undefined;
  /** What the run started with ('Última requisição recebida'…), when asked. */
  startData: string | undefined;
  onChangeStartData: (() => void) | undefined;
}

/** The editor run in view: where it is, how it ended, and 'Alterar dados de início'. */
export function EditorRunBar({
  starting,
  status,
  destination,
  error,
  aiTokens,
  startData,
  onChangeStartData,
}: EditorRunBarProps) {
  const to = destination ? ` até "${destination}"` : '';
  let icon = <Loader size={14} aria-hidden />;
  let text = `Executando${to}…`;
  let color: string | undefined;
  if (starting) text = 'Iniciando a execução do editor…';
  else if (status === 'success') {
    icon = <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />;
    text = `Execução do editor concluída${to}.`;
  } else if (status === 'error') {
    icon = <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-hidden />;
    text = `A execução do editor falhou${error ? `: ${error}` : '.'}`;
    color = 'red.8';
  } else if (status === 'waiting') {
    icon = <IconHandStop size={16} color="var(--mantine-color-indigo-7)" aria-hidden />;
    text = 'A execução do editor aguarda a aprovação de uma ferramenta.';
  } else if (status !== undefined && !isUnderway(status)) {
    icon = <IconPlayerStop size={16} aria-hidden />;
    text = 'A execução do editor foi interrompida.';
  }
  return (
    <Group
      gap="sm"
      px="md"
      py={4}
      wrap="wrap"
      role="status"
      aria-label="Execução do editor"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', background: 'white', rowGap: 2 }}
    >
      {icon}
      <Text size="xs" c={color}>
        {text}
      </Text>
      <AiTokensText tokens={aiTokens} />
      {startData && onChangeStartData ? (
        <Group gap={6} ml="auto" wrap="nowrap">
          <Text size="xs" c="dimmed">
            Dados de início: {startData}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={onChangeStartData}>
            Alterar dados de início
          </Button>
        </Group>
      ) : null}
    </Group>
  );
}
