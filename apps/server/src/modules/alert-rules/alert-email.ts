import { parseMatchPattern, type AlertLine } from '@ponte/shared/alert-rules.schema';
import { formatDateTime } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import { logsPageUrl, toSaoPauloOffsetDateTime } from '@ponte/shared/monitoring-links';
import type { Resolver } from '../../adapters/outbound-http/guarded-agent';
import type { NetworkGuard } from '../../adapters/outbound-http/network-guard';
import {
  sendSmtpMail,
  senderOf,
  smtpAccount,
  type SmtpAccount,
} from '../../adapters/mail/smtp-mailer';
import { escapeHtml, operatorGuard, type InstanceSmtp } from '../../adapters/mail/instance-smtp';
import type { alertFirings, alertRules } from '../../db/schema';
import { limits } from '@ponte/shared/limits';
import { DeliveryFailure, type AlertSender } from './alert-delivery';

export type FiringRow = typeof alertFirings.$inferSelect;
export type RuleRow = typeof alertRules.$inferSelect;

const m = messages.alertRules;

/** The Message-ID of a firing's e-mail: the same on every try, so a resend is recognisable. */
export const firingMessageId = (firingId: string) => `<${firingId}@ponte.alert>`;

/** The text searched on the logs page: the rule's pattern when it is plain text. */
function searchTermOf(rule: RuleRow): string | undefined {
  if (rule.type !== 'match_log' || rule.matchLogType === 'message_json') return undefined;
  const pattern = parseMatchPattern(rule.matchLogContent);
  return 'kind' in pattern && pattern.kind === 'text' ? pattern.text : undefined;
}

/** /monitoring filtered on the firing's period, the rule's flow and its plain-text pattern. */
export function monitoringUrlOf(rule: RuleRow, firing: FiringRow, baseUrl: string): string {
  const search = searchTermOf(rule);
  const path = logsPageUrl({
    from: toSaoPauloOffsetDateTime(firing.openedAt),
    // The page reads whole seconds: the last one is counted in.
    to: toSaoPauloOffsetDateTime(new Date(firing.closesAt.getTime() + 999)),
    ...(rule.flowId ? { flow: rule.flowId } : {}),
    ...(search ? { search } : {}),
  });
  return `${baseUrl}${path}`;
}

/** /monitoring on one line's flow and second. */
export function lineUrlOf(line: AlertLine, baseUrl: string): string {
  const at = new Date(line.created_at);
  const path = logsPageUrl({
    from: toSaoPauloOffsetDateTime(at),
    to: toSaoPauloOffsetDateTime(new Date(at.getTime() + 1000)),
    flow: line.flow_id,
  });
  return `${baseUrl}${path}`;
}

/** '50 ocorrências entre 24/11/2026 09:00:00 e 24/11/2026 09:05:00' (America/Sao_Paulo). */
export function countText(firing: FiringRow): string {
  return m.countBetween(
    firing.count.toLocaleString('pt-BR'),
    formatDateTime(firing.openedAt),
    formatDateTime(firing.closesAt),
  );
}

function subjectOf(rule: RuleRow, firing: FiringRow): string {
  if (firing.kind === 'incident') return `[Ponte] Alerta: ${rule.name}`;
  if (firing.kind === 'recovery') return `[Ponte] Recuperado: ${rule.name}`;
  const count = firing.count.toLocaleString('pt-BR');
  return `[Ponte] ${rule.name}: ${count} ${firing.count === 1 ? 'ocorrência' : 'ocorrências'}`;
}

const lineText = (line: AlertLine) =>
  `${formatDateTime(line.created_at)} [${line.label}] ${line.message}`;

export interface AlertEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The e-mail of a firing, in pt-BR: the rule's name, its message, the count and period (or the
 * dead-man text), the first lines with a link each, and the logs page filtered. The HTML is
 * built from escaped text only, so nothing of a log line can become markup.
 */
export function composeAlertEmail(rule: RuleRow, firing: FiringRow, baseUrl: string): AlertEmail {
  const logsUrl = monitoringUrlOf(rule, firing, baseUrl);
  const headline = firing.kind === 'match' ? `${countText(firing)}.` : (firing.summary ?? '');
  const lines = firing.lines;
  const text = [
    `Regra de alerta: ${rule.name}`,
    ...(rule.actionEmailMessage ? ['', rule.actionEmailMessage] : []),
    '',
    headline,
    ...(lines.length
      ? [
          '',
          lines.length < firing.count ? `Primeiras ${lines.length} linhas:` : 'Linhas:',
          ...lines.flatMap((line) => [lineText(line), `  ${lineUrlOf(line, baseUrl)}`]),
        ]
      : []),
    '',
    `Ver nos logs: ${logsUrl}`,
    '',
  ].join('\n');

  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const rows = lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(formatDateTime(line.created_at))}</td>` +
        `<td>${escapeHtml(line.label)}</td><td>${escapeHtml(line.message)}</td>` +
        `<td>${link(lineUrlOf(line, baseUrl), 'ver')}</td></tr>`,
    )
    .join('');
  const html = [
    `<p><strong>Regra de alerta: ${escapeHtml(rule.name)}</strong></p>`,
    ...(rule.actionEmailMessage
      ? [`<p>${escapeHtml(rule.actionEmailMessage).replace(/\n/g, '<br>')}</p>`]
      : []),
    `<p>${escapeHtml(headline)}</p>`,
    ...(rows
      ? [
          '<table border="1" cellpadding="4" style="border-collapse: collapse">',
          '<tr><th>Data</th><th>Label</th><th>Mensagem</th><th></th></tr>',
          rows,
          '</table>',
        ]
      : []),
    `<p>${link(logsUrl, 'Ver nos logs')}</p>`,
  ].join('\n');
  return { subject: subjectOf(rule, firing), text, html };
}

export interface EmailSenderDependencies {
  /** The network guard: a workspace's SMTP account is judged by it, like any outbound call. */
  guard: NetworkGuard;
  resolver?: Resolver;
  /** The workspace's service accounts, decrypted. */
  accounts: {
    getDecrypted(
      workspaceId: string,
      id: string,
    ): Promise<{ type: string; data: Record<string, unknown> } | undefined>;
  };
  /** PONTE_SMTP_URL / PONTE_SMTP_FROM, or null. */
  smtp: InstanceSmtp | null;
  baseUrl: string;
}

/** The server and sender of a rule: its SMTP account, else the instance SMTP. */
async function serverOf(
  deps: EmailSenderDependencies,
  rule: RuleRow,
): Promise<{ account: SmtpAccount; from: string; guard: NetworkGuard }> {
  if (!rule.actionEmailAccountId) {
    if (!deps.smtp) throw new DeliveryFailure(m.noSmtp, { permanent: true });
    const { from, ...account } = deps.smtp;
    return { account, from: from ?? senderOf(account), guard: operatorGuard };
  }
  const stored = await deps.accounts.getDecrypted(rule.workspaceId, rule.actionEmailAccountId);
  if (!stored) throw new DeliveryFailure(m.emailAccountMissing, { permanent: true });
  if (stored.type !== 'smtp_account')
    throw new DeliveryFailure(m.emailAccountNotSmtp, { permanent: true });
  let account: SmtpAccount;
  try {
    account = smtpAccount(stored.data);
  } catch (error) {
    throw new DeliveryFailure((error as Error).message, { permanent: true });
  }
  const from = typeof stored.data.from === 'string' && stored.data.from.trim();
  return { account, from: from || senderOf(account), guard: deps.guard };
}

/**
 * The e-mail action: composes the firing's message and sends it to the rule's recipients with
 * a fixed Message-ID; the result is the SMTP server's answer.
 */
export function createEmailSender(deps: EmailSenderDependencies): AlertSender {
  return async (rule, firing, signal) => {
    const { account, from, guard } = await serverOf(deps, rule);
    const to = rule.actionEmailTo
      .split(/[,;]/)
      .map((part) => part.trim())
      .filter(Boolean);
    if (!to.length) throw new DeliveryFailure(m.emailToRequired, { permanent: true });
    const email = composeAlertEmail(rule, firing, deps.baseUrl);
    try {
      const sent = await sendSmtpMail(
        account,
        { to, ...email, from, messageId: firingMessageId(firing.id) },
        {
          guard,
          signal,
          timeoutMs: limits.alertSendTimeoutMs,
          ...(deps.resolver ? { resolver: deps.resolver } : {}),
        },
      );
      return {
        status: null,
        message: sent.response
          ? `${m.delivered} (resposta do servidor: ${sent.response})`
          : m.delivered,
      };
    } catch (error) {
      throw new DeliveryFailure(error instanceof Error ? error.message : String(error));
    }
  };
}
