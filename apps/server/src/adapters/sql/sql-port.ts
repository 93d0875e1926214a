import { accountOfType } from '../account-of-type';
import type { ServiceAccountsPort, SqlPort } from '@ponte/engine/ports';
import type { Resolver } from '../outbound-http/guarded-agent';
import type { NetworkGuard } from '../outbound-http/network-guard';
import { runPostgresQuery } from './postgres-query';
import { parsePostgresUri } from './postgres-uri';

export interface SqlPortDependencies {
  /** The network guard of outbound HTTP: database hosts are judged by the same rules. */
  guard: NetworkGuard;
  resolver?: Resolver;
  /** The execution's service accounts (decrypted, scoped to its workspace). */
  accounts: Pick<ServiceAccountsPort, 'get'>;
}

const uriOf = (data: Record<string, unknown>) => {
  if (typeof data.uri !== 'string' || !data.uri.trim()) {
    throw new Error('A conta de serviço não tem URI de conexão.');
  }
  return parsePostgresUri(data.uri);
};

/** The engine's SQL port: `core_sql_query` through a database_uri account (PostgreSQL). */
export function createSqlPort(deps: SqlPortDependencies): SqlPort {
  return {
    async query(scope, request, signal) {
      const account = accountOfType(
        await deps.accounts.get(scope, request.serviceAccountId, signal),
        'database_uri',
        'Consulta SQL',
      );
      const { serviceAccountId: _id, ...statement } = request;
      return runPostgresQuery(uriOf(account.data), statement, {
        guard: deps.guard,
        signal,
        ...(deps.resolver ? { resolver: deps.resolver } : {}),
      });
    },
  };
}

/** 'Testar conexão' of a database_uri account: connect, log in and `select 1`. */
export function createDatabaseUriTester(deps: Omit<SqlPortDependencies, 'accounts'>) {
  return async (account: { data: Record<string, unknown> }, context: { signal: AbortSignal }) => {
    const target = uriOf(account.data);
    await runPostgresQuery(
      target,
      { query: 'select 1', parameters: [], maxRows: 1, timeoutMs: 10_000 },
      {
        guard: deps.guard,
        signal: context.signal,
        ...(deps.resolver ? { resolver: deps.resolver } : {}),
      },
    );
    return `Conectado ao banco de dados ${target.hostname}:${target.port}/${target.database}.`;
  };
}
