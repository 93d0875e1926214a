import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type Nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailMessage } from '@ponte/engine/ports';
import { loadOnce } from '@ponte/shared/load-once';
import { resolveGuarded, type Resolver } from '../outbound-http/guarded-agent';
import type { NetworkGuard } from '../outbound-http/network-guard';
import { sanitizeMailHtml } from './sanitize-mail-html';
import { smtpError, withoutSecret, type SmtpTarget } from './smtp-errors';

/** An smtp_account's decrypted fields (spec 2 §3: host, port, username, password, secure). */
export interface SmtpAccount extends SmtpTarget {
  secure: boolean;
}

export interface SmtpOptions {
  guard: NetworkGuard;
  resolver?: Resolver;
  signal: AbortSignal;
  /** Connecting, the greeting and each answer of the server (default 30 s). */
  timeoutMs?: number;
  /** Certificates trusted besides the system's (PEM): tests' own authority. */
  trustedCa?: string;
}

/** The account's fields as the mailer needs them, or a pt-BR error naming what is missing. */
export function smtpAccount(data: Record<string, unknown>): SmtpAccount {
  const host = typeof data.host === 'string' ? data.host.trim() : '';
  const port = Number(data.port ?? (data.secure === true ? 465 : 587));
  if (!host) throw new Error('A conta SMTP não tem servidor (host).');
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error('A porta da conta SMTP é inválida.');
  }
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const username = text(data.username);
  const password = text(data.password);
  return {
    host,
    port,
    secure: data.secure === true,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
  };
}

/** A socket failure as nodemailer's codes: certificates and TLS are ETLS. */
function socketCode(code: string | undefined): string {
  if (code === 'ETIMEDOUT') return code;
  if (code && /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/.test(code))
    return 'ETLS';
  return 'ECONNECTION';
}

/**
 * Opens the TCP (or, for `secure`, TLS) socket to the address the guard accepted; the TLS
 * name stays the account's host. Aborting destroys it.
 */
function guardedSocket(account: SmtpAccount, options: SmtpOptions, sockets: Set<Socket>) {
  return async (): Promise<Socket> => {
    const { address } = await resolveGuarded(options.guard, account.host, options.resolver);
    options.signal.throwIfAborted();
    const servername = isIP(account.host) ? undefined : account.host;
    const ca = options.trustedCa ? { ca: options.trustedCa } : {};
    const socket = account.secure
      ? tlsConnect({
          host: address,
          port: account.port,
          ...(servername ? { servername } : {}),
          ...ca,
        })
      : netConnect({ host: address, port: account.port });
    sockets.add(socket);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' });
        socket.destroy(error);
      }, options.timeoutMs ?? 30_000);
      socket.once(account.secure ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        // The TLS code (which certificate problem) stays beside nodemailer's.
        reject(Object.assign(error, { code: socketCode(error.code), tlsCode: error.code }));
      });
    });
    return socket;
  };
}

/** nodemailer's `getSocket` hook (not in its types): a connected socket, or an error. */
type SocketCallback = (
  error: Error | null,
  socket: { connection: Socket; secured: boolean } | false,
) => void;

/** nodemailer, loaded on the first mail or SMTP account test (docs/adr/0127). */
const loadNodemailer = loadOnce(() => import('nodemailer'));

/** A one-use transporter whose sockets go only where the guard allows; `close` ends them. */
function createTransport(
  nodemailer: typeof Nodemailer,
  account: SmtpAccount,
  options: SmtpOptions,
) {
  const sockets = new Set<Socket>();
  const open = guardedSocket(account, options, sockets);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const transporter = nodemailer.createTransport({
    host: account.host,
    port: account.port,
    secure: account.secure,
    ...(isIP(account.host) ? {} : { servername: account.host }),
    ...(options.trustedCa ? { tls: { ca: options.trustedCa } } : {}),
    ...(account.username ? { auth: { user: account.username, pass: account.password ?? '' } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: Math.max(timeoutMs, 60_000),
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
    debug: false,
    getSocket: (_options: unknown, callback: SocketCallback) => {
      open().then(
        (socket) => callback(null, { connection: socket, secured: account.secure }),
        (error: Error) => callback(error, false),
      );
    },
  } as SMTPTransport.Options);
  const close = () => {
    for (const socket of sockets) socket.destroy();
    transporter.close();
  };
  return { transporter, close };
}

/** Runs `work` with a transporter; the signal aborts it, every failure becomes pt-BR. */
async function withTransport<T>(
  account: SmtpAccount,
  options: SmtpOptions,
  work: (transporter: ReturnType<typeof createTransport>['transporter']) => Promise<T>,
): Promise<T> {
  options.signal.throwIfAborted();
  const { default: nodemailer } = await loadNodemailer();
  options.signal.throwIfAborted();
  const { transporter, close } = createTransport(nodemailer, account, options);
  let onAbort = () => undefined as void;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      close();
      reject(options.signal.reason as Error);
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work(transporter), aborted]);
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason as Error;
    throw smtpError(error, account);
  } finally {
    options.signal.removeEventListener('abort', onAbort);
    close();
  }
}

/** Who an e-mail is from: the account's user when it is an address, else no-reply at its host. */
export function senderOf(account: SmtpAccount): string {
  return account.username?.includes('@') ? account.username : `nao-responda@${account.host}`;
}

/**
 * Extra headers of a message the server composes (alerts): its sender, and a fixed Message-ID
 * so a message sent again is recognisable as the same one.
 */
export interface OwnMailHeaders {
  from?: string;
  messageId?: string;
}

/**
 * Sends one message (HTML sanitised here) and answers the server's message id and its answer
 * to the message ('250 OK…').
 */
export async function sendSmtpMail(
  account: SmtpAccount,
  message: Omit<MailMessage, 'serviceAccountId'> & OwnMailHeaders,
  options: SmtpOptions,
): Promise<{ messageId?: string; response?: string }> {
  return withTransport(account, options, async (transporter) => {
    const info = await transporter.sendMail({
      from: message.from ?? senderOf(account),
      ...(message.messageId ? { messageId: message.messageId } : {}),
      to: message.to,
      ...(message.cc?.length ? { cc: message.cc } : {}),
      ...(message.bcc?.length ? { bcc: message.bcc } : {}),
      subject: message.subject,
      ...(message.html ? { html: sanitizeMailHtml(message.html) } : {}),
      ...(message.text ? { text: message.text } : {}),
      attachments: (message.attachments ?? []).map((attachment) => ({
        filename: attachment.filename,
        content: Buffer.from(attachment.content),
        ...(attachment.contentType ? { contentType: attachment.contentType } : {}),
      })),
    });
    return {
      ...(info.messageId ? { messageId: info.messageId } : {}),
      ...(typeof info.response === 'string'
        ? { response: withoutSecret(info.response, account) }
        : {}),
    };
  });
}

/** The connection test of an smtp_account: connect, greet, log in (pt-BR answer). */
export async function verifySmtpAccount(
  account: SmtpAccount,
  options: SmtpOptions,
): Promise<string> {
  await withTransport(account, options, (transporter) => transporter.verify());
  return withoutSecret(
    `Conectado ao servidor SMTP ${account.host}:${account.port}${account.username ? ' e autenticado' : ''}.`,
    account,
  );
}
