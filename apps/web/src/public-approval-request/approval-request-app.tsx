import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type {
  ApprovalRequestDecision,
  ApprovalRequestPage,
} from '@ponte/shared/approval-requests.schema';
import { lastPathSegment } from '../lib/last-path-segment';
import {
  approvalRequestTexts as texts,
  fetchApprovalRequest,
  sendApprovalDecision,
} from './approval-request-api';
import type { ApprovalRequestAnswer } from './approval-request-api';
import { ApprovalRequestDetails } from './approval-request-details';
import { ApprovalRequestForm } from './approval-request-form';
import { ApprovalRequestOutcome, outcomeOf } from './approval-request-outcome';

type Screen =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | {
      kind: 'page';
      page: ApprovalRequestPage;
      /** A failure to show above the form, which stays (a field refused, the server away). */
      error: string | null;
      /** The server's refusal of this link (used, decided, expired): the form goes. */
      refusal: string | null;
      /** This link was answered on this page just now. */
      fresh: boolean;
    };

/** The screen after an answer of the server; `current` is the page shown when it was asked. */
function screenOf(answer: ApprovalRequestAnswer, current: ApprovalRequestPage | null): Screen {
  if (answer.kind === 'page')
    return { kind: 'page', page: answer.page, error: null, refusal: null, fresh: current !== null };
  if (answer.status === 404 || !current) return { kind: 'missing', message: answer.message };
  const closed = answer.status === 409 || answer.status === 410;
  return {
    kind: 'page',
    page: current,
    error: closed ? null : answer.message,
    refusal: closed ? answer.message : null,
    fresh: false,
  };
}

/**
 * The page of an 'Aguardar aprovação' link (docs/adr/0115), served by the engine at
 * /engine/approval-requests/{token} with no session: what the flow asks, and while the link is
 * pending its fields, the comment and the decision; after it, what became of the request.
 */
export function ApprovalRequestApp() {
  const [token] = useState(() => lastPathSegment(window.location.pathname));
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const [sending, setSending] = useState<ApprovalRequestDecision['decision'] | null>(null);

  useEffect(() => {
    document.title = texts.title;
    let live = true;
    void fetchApprovalRequest(token).then((answer) => live && setScreen(screenOf(answer, null)));
    return () => {
      live = false;
    };
  }, [token]);

  const decide = useCallback(
    async (page: ApprovalRequestPage, body: ApprovalRequestDecision) => {
      setSending(body.decision);
      const answer = await sendApprovalDecision(token, body);
      setSending(null);
      setScreen(screenOf(answer, page));
    },
    [token],
  );

  const outcome =
    screen.kind === 'page' ? outcomeOf(screen.page, screen.refusal, screen.fresh) : null;
  return (
    <Box component="main" mih="100vh" bg="gray.0" py="md" px="xs">
      <Card maw={720} mx="auto" withBorder shadow="sm" padding="lg" radius="md">
        <Stack gap="md">
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {screen.kind === 'page' && screen.page.title.trim() ? screen.page.title : texts.title}
          </Title>
          {screen.kind === 'loading' && (
            <Center py="xl">
              <Loader aria-label="Carregando" />
            </Center>
          )}
          {screen.kind === 'missing' && <Text>{screen.message}</Text>}
          {screen.kind === 'page' && (
            <>
              <ApprovalRequestDetails page={screen.page} />
              {screen.error && (
                <Alert color="yellow" role="alert">
                  {screen.error}
                </Alert>
              )}
              {outcome ? (
                <ApprovalRequestOutcome outcome={outcome} />
              ) : (
                <ApprovalRequestForm
                  page={screen.page}
                  sending={sending}
                  onDecide={(body) => void decide(screen.page, body)}
                />
              )}
            </>
          )}
        </Stack>
      </Card>
    </Box>
  );
}
