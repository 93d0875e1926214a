import { accountOfType } from '../account-of-type';
import type { MailPort, ServiceAccountsPort } from '@ponte/engine/ports';
import type { Resolver } from '../outbound-http/guarded-agent';
import type { NetworkGuard } from '../outbound-http/network-guard';
import { sendSmtpMail, smtpAccount, verifySmtpAccount } from './smtp-mailer';

export interface MailPortDependencies {
  /** The network guard of outbound HTTP: SMTP servers are judged by the same rules. */
  guard: NetworkGuard;
  resolver?: Resolver;
  /** The execution's service accounts (decrypted, scoped to its workspace). */
  accounts: Pick<ServiceAccountsPort, 'get'>;
  timeoutMs?: number;
}

/** The engine's mail port: the message goes out through the chosen smtp_account. */
export function createMailPort(deps: MailPortDependencies): MailPort {
  return {
    async send(scope, message, signal) {
      const account = accountOfType(
        await deps.accounts.get(scope, message.serviceAccountId, signal),
        'smtp_account',
        'Enviar e-mail',
      );
      const { serviceAccountId: _id, ...mail } = message;
      const { messageId } = await sendSmtpMail(smtpAccount(account.data), mail, {
        guard: deps.guard,
        signal,
        ...(deps.resolver ? { resolver: deps.resolver } : {}),
        ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      });
      return messageId ? { messageId } : {};
    },
  };
}

/** 'Testar conexão' of an smtp_account: connect, greet and log in (`transporter.verify()`). */
export function createSmtpTester(deps: Omit<MailPortDependencies, 'accounts'>) {
  return (account: { data: Record<string, unknown> }, context: { signal: AbortSignal }) =>
    verifySmtpAccount(smtpAccount(account.data), {
      guard: deps.guard,
      signal: context.signal,
      ...(deps.resolver ? { resolver: deps.resolver } : {}),
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    });
}
