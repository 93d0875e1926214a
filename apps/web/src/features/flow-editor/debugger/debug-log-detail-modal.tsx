import type { ReactNode } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconEye, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '@ponte/shared/format';
import { executionInEditorUrl } from '../../../lib/execution-links';
import { copyText } from './copy-text';
import { DebugLogMessage } from './debug-log-message';
import type { DebugLog } from './debugger-state';
import { downloadLog } from './download-log';
import { LogTypeBadge } from './log-type-badge';
import { DeniedButton } from '../../../components/denied-button';

interface DebugLogDetailModalProps {
  log: DebugLog | null;
  onClose: () => void;
  /** 'Reexecutar no debug' (absent when the log has no execution). */
  onRerun: (executionId: string) => void;
  rerunDisabled: boolean;
  /** Why 'Reexecutar no debug' is off for good (personal data stored masked), or null. */
  rerunRefusal?: string | null;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-all' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** The log detail modal of the Live Debugger (spec 1 §2.7). */
export function DebugLogDetailModal({
  log,
  onClose,
  onRerun,
  rerunDisabled,
  rerunRefusal,
}: DebugLogDetailModalProps) {
  const data = log?.item.data;
  return (
    <Modal opened={log !== null} onClose={onClose} title="Detalhes do log" size="xl" centered>
      {log && data ? (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Field label="ID do log">{log.item._id}</Field>
            <Field label="Data e hora">{formatDateTime(data.timestamp)}</Field>
            <Field label="ID da execução">{data.execution_id}</Field>
            <Field label="Tipo">
              <LogTypeBadge type={data.type} />
            </Field>
            <Field label="UID do conector">{data.node_uid}</Field>
            <Field label="Rótulo">{data.label}</Field>
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Mensagem
          </Text>
          <DebugLogMessage log={log} rootName="message" />
          <Group justify="flex-end" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconCopy size={16} />}
              onClick={() => void copyText(data.message)}
            >
              Copiar
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => downloadLog(log)}
            >
              Download
            </Button>
            {data.execution_id && data.flow_id ? (
              <Button
                component={Link}
                to={executionInEditorUrl(data.flow_id, data.execution_id)}
                variant="default"
                leftSection={<IconEye size={16} />}
              >
                Abrir no editor
              </Button>
            ) : null}
            {data.execution_id ? (
              <DeniedButton
                color="grape"
                leftSection={<IconPlayerPlay size={16} />}
                disabled={rerunDisabled}
                denied={rerunRefusal ?? null}
                onClick={() => onRerun(data.execution_id)}
              >
                Reexecutar no debug
              </DeniedButton>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
