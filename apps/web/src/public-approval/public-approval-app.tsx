import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { Approval, ApprovalDecisionBody } from '@ponte/shared/approvals.schema';
import { ApprovalCall } from '../components/approval/approval-call';
import { RejectCallModal } from '../components/approval/reject-call-modal';
import { lastPathSegment } from '../lib/last-path-segment';
import { ApprovalOutcome } from './approval-outcome';
import { approvalTexts as texts, fetchApproval, sendDecision } from './public-approval-api';

type Decision = ApprovalDecisionBody['decision'];

type Screen =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'approval'; approval: Approval; error: string | null; sending: Decision | null };

/** The screen after an answer of the engine; `error` stays shown above the call. */
function screenOf(
  answer: Awaited<ReturnType<typeof fetchApproval>>,
  current: Approval | null,
): Screen {
  if (answer.kind === 'approval')
    return { kind: 'approval', approval: answer.approval, error: null, sending: null };
  if (answer.status === 404 || !current) return { kind: 'missing', message: answer.message };
  return { kind: 'approval', approval: current, error: answer.message, sending: null };
}

/**
 * The approval link's page (docs/adr/0100): served by the engine at /engine/approvals/{token},
 * with no session. Shows the call, and approves or rejects it while it is pending.
 */
export function PublicApprovalApp() {
  const [token] = useState(() => lastPathSegment(window.location.pathname));
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const [rejecting, setRejecting] = useState(false);

  useEffect(() => {
    document.title = texts.title;
    let live = true;
    void fetchApproval(token).then((answer) => live && setScreen(screenOf(answer, null)));
    return () => {
      live = false;
    };
  }, [token]);

  const decide = useCallback(
    async (approval: Approval, body: ApprovalDecisionBody) => {
      setScreen({ kind: 'approval', approval, error: null, sending: body.decision });
      const answer = await sendDecision(token, body);
      setRejecting(false);
      if (answer.kind === 'refused' && answer.status === 409) {
        // Decided by someone else meanwhile: their decision is shown under the message.
        const fresh = await fetchApproval(token);
        const next = screenOf(fresh, approval);
        return setScreen(next.kind === 'approval' ? { ...next, error: answer.message } : next);
      }
      setScreen(screenOf(answer, approval));
    },
    [token],
  );

  return (
    <Box component="main" mih="100vh" bg="gray.0" py="md" px="xs">
      <Card maw={720} mx="auto" withBorder shadow="sm" padding="lg" radius="md">
        <Stack gap="md">
          <Title order={1} size="h3">
            {texts.title}
          </Title>
          {screen.kind === 'loading' && (
            <Center py="xl">
              <Loader aria-label="Carregando" />
            </Center>
          )}
          {screen.kind === 'missing' && <Text>{screen.message}</Text>}
          {screen.kind === 'approval' && (
            <>
              {screen.error && (
                <Alert color="yellow" role="alert">
                  {screen.error}
                </Alert>
              )}
              <ApprovalCall approval={screen.approval} />
              {screen.approval.status === 'pending' ? (
                <Group justify="flex-end" gap="sm">
                  <Button
                    variant="default"
                    leftSection={<IconX size={16} />}
                    disabled={screen.sending !== null}
                    onClick={() => setRejecting(true)}
                  >
                    Rejeitar
                  </Button>
                  <Button
                    leftSection={<IconCheck size={16} />}
                    loading={screen.sending === 'approve'}
                    disabled={screen.sending === 'reject'}
                    onClick={() => void decide(screen.approval, { decision: 'approve' })}
                  >
                    Aprovar
                  </Button>
                </Group>
              ) : (
                <ApprovalOutcome approval={screen.approval} />
              )}
              <RejectCallModal
                opened={rejecting}
                toolLabel={screen.approval.tool.label}
                loading={screen.sending === 'reject'}
                onConfirm={(reason) =>
                  void decide(screen.approval, {
                    decision: 'reject',
                    ...(reason ? { reason } : {}),
                  })
                }
                onCancel={() => setRejecting(false)}
              />
            </>
          )}
        </Stack>
      </Card>
    </Box>
  );
}
