import { outboundHttpErrorIn } from '../outbound-http/outbound-http-error';
import { certificateProblem } from '../tls/certificate-problem';

/** Where an SMTP failure happened, for the message people read. */
export interface SmtpTarget {
  host: string;
  port: number;
  username?: string;
  password?: string;
}

/** Every form a password can take in an SMTP exchange (plain, AUTH PLAIN/LOGIN base64). */
function secretForms(target: SmtpTarget): string[] {
  const { username = '', password } = target;
  if (!password) return [];
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  return [password, b64(password), b64(`\u0000${username}\u0000${password}`)].filter(
    (form) => form.length >= 3,
  );
}

/** The text with every form of the account's password replaced. */
export function withoutSecret(text: string, target: SmtpTarget): string {
  let clean = text;
  for (const form of secretForms(target)) clean = clean.split(form).join('***');
  return clean;
}

/** A server's answer, shortened (one line, 200 characters) and without the password. */
function serverSays(error: { response?: unknown }, target: SmtpTarget): string {
  const response = typeof error.response === 'string' ? error.response : '';
  const line = response.replace(/\s+/g, ' ').trim().slice(0, 200);
  return line ? ` Resposta do servidor: ${withoutSecret(line, target)}` : '';
}

/**
 * A nodemailer failure as a pt-BR Error people read: what went wrong, at which server, the
 * server's own answer when it gave one; never the password.
 */
export function smtpError(error: unknown, target: SmtpTarget): Error {
  const guard = outboundHttpErrorIn(error);
  if (guard) return new Error(guard.message);
  const failure = (error ?? {}) as { code?: string; response?: unknown; message?: string };
  const where = `${target.host}:${target.port}`;
  const said = serverSays(failure, target);
  const certificate = certificateProblem(error, target.host);
  if (certificate) {
    return new Error(
      `Não foi possível estabelecer a conexão segura (TLS) com ${where}: ${certificate}`,
    );
  }
  switch (failure.code) {
    case 'EAUTH':
      return new Error(`O servidor SMTP ${where} recusou o usuário ou a senha.${said}`);
    case 'ENOAUTH':
      return new Error(`O servidor SMTP ${where} pede usuário e senha: preencha-os na conta.`);
    case 'ETIMEDOUT':
      return new Error(`O servidor SMTP ${where} não respondeu a tempo.`);
    case 'ETLS':
      return new Error(`Não foi possível estabelecer a conexão segura (TLS) com ${where}.`);
    case 'EENVELOPE':
      return new Error(`O servidor SMTP ${where} recusou o remetente ou um destinatário.${said}`);
    case 'EMESSAGE':
    case 'EPROTOCOL':
      return new Error(`O servidor SMTP ${where} recusou a mensagem.${said}`);
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'EDNS':
      return new Error(`Não foi possível conectar ao servidor SMTP ${where}.${said}`);
    default:
      return new Error(`Falha ao enviar o e-mail pelo servidor SMTP ${where}.${said}`);
  }
}
