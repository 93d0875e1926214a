import { Alert, Box, Text } from '@mantine/core';
import type { Approval } from '@ponte/shared/approvals.schema';
import { formatDateTime } from '@ponte/shared/format';

const looks = {
  approved: { title: 'Aprovada', color: 'teal' },
  rejected: { title: 'Rejeitada', color: 'red' },
  cancelled: { title: 'Cancelada', color: 'gray' },
} as const;

/** A decided call, read-only: the decision, who took it and when, and the reason given. */
export function ApprovalOutcome({ approval }: { approval: Approval }) {
  if (approval.status === 'pending') return null;
  const look = looks[approval.status];
  const who = approval.decided_by ? ` por ${approval.decided_by}` : '';
  const when = approval.decided_at ? ` em ${formatDateTime(approval.decided_at)}` : '';
  return (
    <Box component="section" aria-label="Decisão">
      <Alert color={look.color} title={look.title}>
        {approval.status === 'cancelled' ? (
          <Text size="sm">A execução terminou antes de uma decisão{when}.</Text>
        ) : (
          <Text size="sm">
            {look.title}
            {who}
            {when}.
          </Text>
        )}
        {approval.reason ? (
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            Motivo: {approval.reason}
          </Text>
        ) : null}
      </Alert>
    </Box>
  );
}
