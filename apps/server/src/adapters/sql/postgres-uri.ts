/** What a `database_uri` account names, parsed (the password kept apart from every message). */
export interface PostgresTarget {
  hostname: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** libpq's sslmode: disable (default here), require, verify-ca or verify-full. */
  sslmode: 'disable' | 'require' | 'verify-ca' | 'verify-full';
}

export const onlyPostgres = 'Apenas bancos PostgreSQL (postgres://) são aceitos por enquanto.';
const invalid = 'A URI de conexão da conta de serviço é inválida.';

const sslmodes: Record<string, PostgresTarget['sslmode']> = {
  disable: 'disable',
  allow: 'disable',
  prefer: 'disable',
  require: 'require',
  'verify-ca': 'verify-ca',
  'verify-full': 'verify-full',
};

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new Error(invalid);
  }
}

/**
 * `postgres://user:password@host:port/database?sslmode=…` (or `postgresql://`). Other schemes
 * are refused with `onlyPostgres`; a URI that is not one, or that points at a Unix socket or at
 * several hosts, with a message that does not repeat it (it holds the password).
 */
export function parsePostgresUri(uri: string): PostgresTarget {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(uri.trim())?.[1]?.toLowerCase();
  if (scheme && scheme !== 'postgres' && scheme !== 'postgresql') throw new Error(onlyPostgres);
  let url: URL;
  try {
    url = new URL(uri.trim());
  } catch {
    throw new Error(scheme ? invalid : onlyPostgres);
  }
  if (!url.hostname || url.hostname.includes(',') || url.searchParams.has('host')) {
    throw new Error('A URI de conexão deve ter um único servidor (host) acessível pela rede.');
  }
  const port = url.port ? Number(url.port) : 5432;
  const database = decoded(url.pathname.replace(/^\//, '')) || decoded(url.username);
  const mode =
    url.searchParams.get('sslmode') ??
    (url.searchParams.get('ssl') === 'true' ? 'require' : 'disable');
  const sslmode = sslmodes[mode];
  if (!sslmode) throw new Error(`sslmode "${mode.slice(0, 20)}" não é aceito na URI de conexão.`);
  return {
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    user: decoded(url.username),
    password: decoded(url.password),
    database,
    sslmode,
  };
}
