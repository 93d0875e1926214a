import { Alert, Box, Text } from '@mantine/core';
import type { ApprovalRequestPage } from '@ponte/shared/approval-requests.schema';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { approvalRequestTexts as texts } from './approval-request-api';

interface Outcome {
  title: string;
  lines: string[];
  color: string;
}

/** What becomes of the execution, by the request's status. */
function stateText(page: ApprovalRequestPage): string {
  switch (page.status) {
    case 'approved':
      return 'Aprovado: a execução continua.';
    case 'rejected':
      return 'Rejeitado: a execução segue pelo caminho de rejeição.';
    case 'pending':
      return `Aguardando as demais aprovações (${page.approved} de ${page.needed}).`;
    case 'expired':
      return 'A aprovação expirou antes de ser decidida.';
  }
}

/**
 * What the page says once this link can no longer decide, or null while it can: the server's
 * refusal (`refusal`: link used, request decided, expired), this link's own answer (`fresh`:
 * given just now, else the link was used before) or the request decided without it.
 */
export function outcomeOf(
  page: ApprovalRequestPage,
  refusal: string | null,
  fresh: boolean,
): Outcome | null {
  if (refusal) return { title: refusal, lines: [], color: 'yellow' };
  if (page.link_status === 'approved' || page.link_status === 'rejected') {
    const approved = page.link_status === 'approved';
    const when = page.decided_at ? ` em ${formatDateTimeMinutes(page.decided_at)}` : '';
    const answer = `Você ${approved ? 'aprovou' : 'rejeitou'}${when}.`;
    const color = approved ? 'teal' : 'red';
    return fresh
      ? { title: answer, lines: [stateText(page)], color }
      : { title: texts.used, lines: [answer, stateText(page)], color };
  }
  if (page.status === 'expired') return { title: texts.expired, lines: [], color: 'gray' };
  if (page.status === 'pending' && page.link_status === 'pending') return null;
  return { title: texts.decided, lines: [stateText(page)], color: 'gray' };
}

/** The outcome of the request for this link, read-only (no buttons go with it). */
export function ApprovalRequestOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <Box component="section" aria-label="Decisão">
      <Alert color={outcome.color} title={outcome.title} role="status" aria-live="polite">
        {outcome.lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Alert>
    </Box>
  );
}
