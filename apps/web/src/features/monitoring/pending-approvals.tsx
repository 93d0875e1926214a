import { useState } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Approval, ApprovalDecisionBody } from '@ponte/shared/approvals.schema';
import { ApprovalCall } from '../../components/approval/approval-call';
import { RejectCallModal } from '../../components/approval/reject-call-modal';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { useApprovals } from './api/get-approvals';
import { useDecideApproval } from './api/decide-approval';

export const approvedMessage = 'Chamada aprovada: a execução continua.';
export const rejectedMessage = 'Chamada rejeitada: o modelo recebe a recusa.';

type Decision = ApprovalDecisionBody['decision'];

interface PendingApprovalProps {
  approval: Approval;
  /** The decision being sent for this call, if any. */
  busy: Decision | null;
  onApprove: () => void;
  onReject: () => void;
}

function PendingApproval({ approval, busy, onApprove, onReject }: PendingApprovalProps) {
  const denied = useCan('approvals.decide').reason;
  const flow = (
    <Anchor component={Link} to={`/flows/${encodeURIComponent(approval.flow._id)}`} size="sm">
      {approval.flow.name}
    </Anchor>
  );
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={`${approval.tool.label}, ${approval.flow.name}`}
    >
      <Stack gap="sm">
        <ApprovalCall approval={approval} flow={flow} />
        <Group justify="flex-end" gap="sm">
          <DeniedButton
            variant="default"
            color="red"
            leftSection={<IconX size={16} />}
            disabled={busy !== null}
            onClick={onReject}
            denied={denied}
          >
            Rejeitar
          </DeniedButton>
          <DeniedButton
            leftSection={<IconCheck size={16} />}
            loading={busy === 'approve'}
            disabled={busy === 'reject'}
            onClick={onApprove}
            denied={denied}
          >
            Aprovar
          </DeniedButton>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * 'Aguardando aprovação' of /monitoring/active (docs/adr/0100): the tool calls waiting for a
 * person, asked every 5 s; hidden when there are none.
 */
export function PendingApprovals() {
  const approvals = useApprovals();
  const decide = useDecideApproval();
  const [deciding, setDeciding] = useState<{ id: string; decision: Decision } | null>(null);
  const [rejecting, setRejecting] = useState<Approval | null>(null);
  const items = approvals.data?.items ?? [];

  const send = async (approval: Approval, body: ApprovalDecisionBody) => {
    setDeciding({ id: approval._id, decision: body.decision });
    try {
      await decide.mutateAsync({ id: approval._id, body });
      toast.success(body.decision === 'approve' ? approvedMessage : rejectedMessage);
    } catch (failure) {
      // 409: another person or the link decided first; the list is asked again either way.
      toast.error(errorMessage(failure));
    } finally {
      setDeciding(null);
      setRejecting(null);
    }
  };

  if (items.length === 0) return null;
  return (
    <section aria-labelledby="pending-approvals-title">
      <Group gap="xs" mb="sm">
        <Title order={3} fz="md" id="pending-approvals-title">
          Aguardando aprovação
        </Title>
        <Badge variant="light" color="indigo" aria-hidden>
          {items.length}
        </Badge>
      </Group>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((approval) => (
          <PendingApproval
            key={approval._id}
            approval={approval}
            busy={deciding?.id === approval._id ? deciding.decision : null}
            onApprove={() => void send(approval, { decision: 'approve' })}
            onReject={() => setRejecting(approval)}
          />
        ))}
      </Stack>
      <RejectCallModal
        key={rejecting?._id}
        opened={rejecting !== null}
        toolLabel={rejecting?.tool.label ?? ''}
        loading={rejecting !== null && deciding?.id === rejecting._id}
        onConfirm={(reason) =>
          rejecting && void send(rejecting, { decision: 'reject', ...(reason ? { reason } : {}) })
        }
        onCancel={() => setRejecting(null)}
      />
    </section>
  );
}
