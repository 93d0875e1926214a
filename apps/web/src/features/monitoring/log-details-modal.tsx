import { Alert, Button, Code, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '@ponte/shared/format';
import type { LogItem } from '@ponte/shared/monitoring.schema';
import { JsonTree } from '../../components/json-tree';
import { executionInEditorUrl } from '../../lib/execution-links';
import { downloadLogMessage, readLogMessage } from '../../lib/log-message';
import { logTypeLabels } from './log-type-labels';

interface LogDetailsModalProps {
  log: LogItem | null;
  flowName?: string;
  onClose: () => void;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

/** Spec 1 §2.9: one log in full; the message as a JSON tree when it is JSON, with a download. */
export function LogDetailsModal({ log, flowName, onClose }: LogDetailsModalProps) {
  const data = log?.data;
  const view = data ? readLogMessage(data.message) : null;

  const download = () => {
    if (log && view) downloadLogMessage(`log-${log._id}`, view);
  };

  return (
    <Modal opened={log !== null} onClose={onClose} title="Detalhes do log" size="xl" centered>
      {log && data ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label="ID do log" value={log._id} />
            <Field label="Data e hora" value={formatDateTime(data.timestamp)} />
            <Field label="ID da execução" value={data.execution_id} />
            <Field label="Tipo" value={logTypeLabels[data.type]} />
            <Field label="Flow" value={flowName ?? data.flow_id} />
            <Field label="UID do conector" value={data.node_uid ?? ''} />
            <Field label="Rótulo" value={data.label} />
          </SimpleGrid>
          {data.execution_id && data.flow_id ? (
            <Group justify="flex-end">
              <Button
                component={Link}
                to={executionInEditorUrl(data.flow_id, data.execution_id)}
                size="xs"
                variant="default"
                leftSection={<IconEye size={14} />}
              >
                Abrir no editor
              </Button>
            </Group>
          ) : null}
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Mensagem
              </Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} />}
                onClick={download}
              >
                Baixar
              </Button>
            </Group>
            {view?.kind === 'text' && view.tooLarge ? (
              <Alert color="yellow" variant="light">
                Mensagem muito grande: exibida como texto.
              </Alert>
            ) : null}
            <Paper withBorder radius="sm" p="sm" mah={420} style={{ overflow: 'auto' }}>
              {view?.kind === 'json' ? (
                <JsonTree value={view.value} />
              ) : (
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {data.message}
                </Code>
              )}
            </Paper>
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
