import { Badge, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface EditorStatusBarProps {
  counts: { actionTrigger: number; flowControl: number; total: number };
  nodeLimit?: number;
  dirty: boolean;
  issueCount: number;
  errorCount: number;
  onShowIssues: () => void;
}

/** Spec 1 §2.6 status bar: the counts, the unsaved flag and the errors button. */
export function EditorStatusBar({
  counts,
  nodeLimit,
  dirty,
  issueCount,
  errorCount,
  onShowIssues,
}: EditorStatusBarProps) {
  const overLimit = nodeLimit !== undefined && counts.actionTrigger > nodeLimit;
  return (
    // On a phone the bar takes two lines rather than squeezing 'Erros encontrados no fluxo' away.
    <Group
      gap="lg"
      px="md"
      py={6}
      wrap="wrap"
      role="status"
      aria-label="Barra de status"
      style={{
        borderTop: '1px solid var(--mantine-color-gray-3)',
        background: 'white',
        rowGap: 4,
      }}
    >
      <Text size="xs" c={overLimit ? 'red' : undefined} fw={overLimit ? 700 : undefined}>
        Action/Trigger: {counts.actionTrigger}
        {nodeLimit !== undefined ? ` / ${nodeLimit}` : ''}
      </Text>
      <Text size="xs">Controle de fluxo: {counts.flowControl}</Text>
      <Text size="xs">Total de conectores: {counts.total}</Text>
      {dirty ? (
        <Text size="xs" c="orange.8" fw={600}>
          Existem alterações não salvas no fluxo
        </Text>
      ) : null}
      {issueCount > 0 ? (
        <Button
          size="compact-xs"
          variant="light"
          color={errorCount > 0 ? 'red' : 'yellow'}
          ml="auto"
          leftSection={<IconAlertTriangle size={14} />}
          rightSection={
            <Badge size="xs" circle color={errorCount > 0 ? 'red' : 'yellow'}>
              {issueCount}
            </Badge>
          }
          onClick={onShowIssues}
        >
          Erros encontrados no fluxo
        </Button>
      ) : null}
    </Group>
  );
}
