import { Alert, Stack } from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import { useQueueRestores } from './api/get-queues';

/**
 * Messages Redis had lost and the ledger put back in the queue (docs/adr/0072), one line per
 * time it happened in the last 7 days; nothing when it never did.
 */
export function QueueRestoresNotice({ queueId }: { queueId: string }) {
  const restores = useQueueRestores(queueId);
  const items = restores.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="O Redis perdeu dados desta fila"
      icon={<IconDatabaseImport size={18} />}
    >
      <Stack gap={4}>
        {items.map((item) => (
          <span key={`${item.at}-${item.restored}`}>
            {messages.queues.restored(item.restored, formatDateTimeMinutes(item.at))}
          </span>
        ))}
      </Stack>
    </Alert>
  );
}
