import { Group, Stack, Text } from '@mantine/core';
import type { ApprovalRequestPage } from '@ponte/shared/approval-requests.schema';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { ApprovalData } from './approval-data';

/** A text as the flow wrote it: its line breaks kept, a long word wrapped. */
const asWritten = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** '1 de 2 aprovações' ('1 de 1 aprovação'): how far a request every approver must approve is. */
function progressText(page: Pick<ApprovalRequestPage, 'approved' | 'needed'>): string {
  return `${page.approved} de ${page.needed} ${page.needed === 1 ? 'aprovação' : 'aprovações'}`;
}

/**
 * What the request is (docs/adr/0115): its text as plain text with its line breaks, its data,
 * whom this link is for, until when it can be answered and, when every approver must approve,
 * how many did.
 */
export function ApprovalRequestDetails({ page }: { page: ApprovalRequestPage }) {
  return (
    <Stack gap="sm">
      {page.text ? <Text style={asWritten}>{page.text}</Text> : null}
      <ApprovalData data={page.data} />
      <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
        <Text size="sm" c="dimmed" style={asWritten}>
          Para: {page.approver}
        </Text>
        {page.status === 'pending' ? (
          <Text size="sm" c="dimmed">
            Expira em {formatDateTimeMinutes(page.expires_at)}
          </Text>
        ) : null}
        {page.mode === 'all' ? (
          <Text size="sm" c="dimmed">
            {progressText(page)}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
