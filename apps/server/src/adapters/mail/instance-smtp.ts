import type { NetworkGuard } from '../outbound-http/network-guard';
import { sendSmtpMail, senderOf } from './smtp-mailer';

/**
 * The instance SMTP (PONTE_SMTP_URL / PONTE_SMTP_FROM, declared by the alert-rules module's
 * config): the operator's own server, for what the instance itself sends (alerts without an
 * account, invitations).
 */
export interface InstanceSmtp {
  host: string;
  port: number;
  secure: boolean;
  username?: string;
  password?: string;
  from?: string;
}

/** The instance SMTP is the operator's own setting: the guard does not judge it (ADR 0052). */
export const operatorGuard: NetworkGuard = { check: () => undefined };

/** A message the instance sends in its own name: plain text and an HTML made of escaped text. */
export interface InstanceMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends one message through the instance SMTP, from PONTE_SMTP_FROM (else the server's user
 * when it is an address). A failure throws the mailer's pt-BR Error, never the password.
 */
export async function sendInstanceMail(
  smtp: InstanceSmtp,
  mail: InstanceMail,
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<void> {
  const { from, ...account } = smtp;
  await sendSmtpMail(
    account,
    {
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      from: from ?? senderOf(account),
    },
    { guard: operatorGuard, signal: options.signal, timeoutMs: options.timeoutMs },
  );
}

/** Text made safe inside HTML: every character that could open markup or an attribute. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
