import { outboundHttpErrorIn } from '../outbound-http/outbound-http-error';
import type { PostgresTarget } from './postgres-uri';

/** The text with the account's password (raw and URI-encoded) replaced. */
export function withoutPassword(text: string, target: PostgresTarget): string {
  const forms = [target.password, encodeURIComponent(target.password)].filter(
    (form) => form.length >= 3,
  );
  let clean = text;
  for (const form of forms) clean = clean.split(form).join('***');
  // Any URI with credentials the driver might quote.
  return clean.replace(/postgres(?:ql)?:\/\/[^\s@/]*@/gi, 'postgres://***@');
}

/** A failure of the query as a pt-BR Error: never the URI or the password. */
export function postgresError(error: unknown, target: PostgresTarget, timeoutMs: number): Error {
  const guard = outboundHttpErrorIn(error);
  if (guard) return new Error(guard.message);
  const failure = (error ?? {}) as { code?: string; message?: string };
  const where = `${target.hostname}:${target.port}`;
  const said = withoutPassword(String(failure.message ?? ''), target)
    .replace(/\s+/g, ' ')
    .slice(0, 500);
  switch (failure.code) {
    case '28P01':
    case '28000':
      return new Error(`O banco de dados ${where} recusou o usuário ou a senha.`);
    case '57014':
      return new Error(`A consulta passou do tempo limite de ${timeoutMs} ms e foi cancelada.`);
    case 'ECONNREFUSED':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new Error(`Não foi possível conectar ao banco de dados ${where}.`);
    case 'ETIMEDOUT':
      return new Error(`O banco de dados ${where} não respondeu a tempo.`);
  }
  if (/timeout expired|Connection terminated due to connection timeout/i.test(said)) {
    return new Error(`O banco de dados ${where} não respondeu a tempo.`);
  }
  if (/does not support SSL/i.test(said)) {
    return new Error(
      `O banco de dados ${where} não aceita conexão segura: ajuste o sslmode da URI.`,
    );
  }
  if (failure.code && /^[0-9A-Z]{5}$/.test(failure.code)) {
    return new Error(`O PostgreSQL recusou a consulta: ${said} (código ${failure.code}).`);
  }
  return new Error(`Falha ao consultar o banco de dados ${where}: ${said}`);
}
