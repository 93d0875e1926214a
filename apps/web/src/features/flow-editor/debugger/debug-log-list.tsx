import { ActionIcon, Anchor, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconDownload, IconEye, IconPlayerPlay } from '@tabler/icons-react';
import { formatDateTime } from '@ponte/shared/format';
import { copyText } from './copy-text';
import type { DebugLog } from './debugger-state';
import { downloadLog } from './download-log';
import classes from './debugger.module.css';
import { LogTypeBadge } from './log-type-badge';

interface DebugLogListProps {
  logs: DebugLog[];
  onHighlightNode: (uid: string) => void;
  onView: (log: DebugLog) => void;
  onRerun: (executionId: string) => void;
  rerunDisabled: boolean;
  /** Why 'Reexecutar no debug' is off for good (personal data stored masked), or null. */
  rerunRefusal?: string | null;
}

function Action({
  label,
  onClick,
  disabled,
  hint,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** The tooltip, when it says more than the label (why it is off). */
  hint?: string | null | undefined;
  children: React.ReactNode;
}) {
  return (
    <Tooltip label={hint ?? label} multiline={Boolean(hint)} maw={hint ? 320 : undefined}>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="gray"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** 'Mensagens da execução': the logs of the flow's executions, newest first. */
export function DebugLogList({
  logs,
  onHighlightNode,
  onView,
  onRerun,
  rerunDisabled,
  rerunRefusal,
}: DebugLogListProps) {
  if (!logs.length) {
    return (
      <Text size="sm" c="dimmed" p="md">
        Nenhum log recebido. Inicie o debug e execute o flow para ver as mensagens aqui.
      </Text>
    );
  }
  return (
    <Table
      aria-label="Logs do debugger"
      fz="xs"
      miw={760}
      verticalSpacing={4}
      striped
      highlightOnHover
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Data</Table.Th>
          <Table.Th>Tipo</Table.Th>
          <Table.Th>UID do conector</Table.Th>
          <Table.Th>ID da execução</Table.Th>
          <Table.Th>Rótulo</Table.Th>
          <Table.Th>Ações</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {logs.map((log) => {
          const data = log.item.data;
          return (
            <Table.Tr key={log.key}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(data.timestamp)}</Table.Td>
              <Table.Td>
                <LogTypeBadge type={data.type} />
              </Table.Td>
              <Table.Td>
                {data.node_uid ? (
                  <Anchor
                    component="button"
                    type="button"
                    fz="xs"
                    ff="monospace"
                    className={classes.id}
                    style={{ whiteSpace: 'nowrap' }}
                    title={`Destacar o conector ${data.node_uid} no editor`}
                    onClick={() => onHighlightNode(data.node_uid!)}
                  >
                    {data.node_uid}
                  </Anchor>
                ) : null}
              </Table.Td>
              <Table.Td>
                {/* One line: cut with an ellipsis on narrow screens, the whole id in the title. */}
                <Text
                  span
                  fz="xs"
                  ff="monospace"
                  className={classes.id}
                  style={{ whiteSpace: 'nowrap' }}
                  title={data.execution_id}
                >
                  {data.execution_id}
                </Text>
              </Table.Td>
              <Table.Td>{data.label}</Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  <Action label="Download" onClick={() => downloadLog(log)}>
                    <IconDownload size={14} />
                  </Action>
                  <Action label="Visualizar" onClick={() => onView(log)}>
                    <IconEye size={14} />
                  </Action>
                  <Action label="Copiar" onClick={() => void copyText(data.message)}>
                    <IconCopy size={14} />
                  </Action>
                  {data.execution_id ? (
                    <Action
                      label="Reexecutar no debug"
                      disabled={rerunDisabled}
                      hint={rerunRefusal}
                      onClick={() => onRerun(data.execution_id)}
                    >
                      <IconPlayerPlay size={14} />
                    </Action>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
