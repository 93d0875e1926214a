import { randomUUID } from 'node:crypto';
import type {
  EnginePorts,
  EngineWidePorts,
  HttpPort,
  QueuesPort,
  StoragePort,
} from '@ponte/engine/ports';
import { createFtpPort } from './ftp/ftp-port';
import type { Database } from '../db/client';
import { abortable } from '../lib/abortable';
import { createMailPort } from './mail/mail-port';
import type { Resolver } from './outbound-http/guarded-agent';
import { createNetworkGuard, type NetworkGuard } from './outbound-http/network-guard';
import { createSqlPort } from './sql/sql-port';
import { createRecordsPort } from './records-port';
import { createAgentMemoryPort } from './agent-memory-port';
import { createApprovalsPort } from './approvals-port';
import { createWaitLinksPort } from './wait-links-port';
import { createApprovalWaitsPort } from './approval-waits-port';
import { createAiUsagePort } from './ai-usage-port';
import { createVariablesReader, type VariablesReader } from './variables-reader';
import { createWorkspaceHolidaysReader } from './workspace-holidays-reader';
import type { DecryptedAccount } from '../modules/service-accounts/connection-testers';
import type { TokenSources } from '../modules/service-accounts/token-sources';
import { messages } from '@ponte/shared/messages';

/**
 * What the server's engine ports are built from. The flows port is not among them: the runner
 * gives it to each execution (modules/executions/subflow-port.ts), so the engine is built first.
 */
export interface EnginePortsDependencies {
  /** Variables every workspace sees below its own (none by default). */
  systemVariables?: Record<string, string>;
  /** Shared with the variables service, which tells it about saves (default: its own). */
  variables?: VariablesReader;
  /** The outbound HTTP client: the network guard stands in front of every request. */
  http: HttpPort;
  /**
   * The network guard (and resolver) of outbound HTTP, which SMTP and SQL connections obey too
   * (default: a guard that opens no internal network).
   */
  network?: { guard: NetworkGuard; resolver?: Resolver };
  /** PEM certificates FTPS servers may present besides the system's CAs (a private CA; tests). */
  ftpTrustedCa?: string;
  /** The workspace's file storage over the storage service (adapters/storage-port.ts). */
  storage: StoragePort;
  /** The workspace's internal queues over the queues service (adapters/queues-port.ts). */
  queues?: QueuesPort;
  /** The clock of record dates (the app's, so tests can set it; default: real time). */
  now?: () => Date;
  /** PONTE_PUBLIC_URL: approval links are absolute under it (docs/adr/0100). */
  publicUrl?: string | null;
  /** The key approval links are signed with (docs/adr/0115; default: this process's own). */
  approvalLinkKey?: Buffer;
  /** The service accounts, decrypted (default: none exists). */
  serviceAccounts?: {
    getDecrypted(workspaceId: string, id: string): Promise<DecryptedAccount | undefined>;
  };
  /** Bearer credentials by account type (jwt, OAuth2 types): `accessToken` delegates here. */
  tokenSources?: TokenSources;
  /**
   * The hosts this installation set for an account's provider (its PONTE_OAUTH_* addresses),
   * which the account may sign requests to besides its own (docs/adr/0071).
   */
  configuredHosts?: (account: DecryptedAccount) => string[];
}

/** An account of the workspace, decrypted (undefined when missing or when none are given). */
const accountFinder = (deps: EnginePortsDependencies) => (workspaceId: string, id: string) =>
  deps.serviceAccounts?.getDecrypted(workspaceId, id) ?? Promise.resolve(undefined);

/**
 * `ServiceAccountsPort`: scoped to the execution's workspace, secrets decrypted. Reading the
 * account is one query: aborted before, it is not sent; aborted during, the call rejects with
 * the signal's reason at once (node-postgres cannot cancel the query itself).
 */
function serviceAccountsPort(deps: EnginePortsDependencies): EnginePorts['serviceAccounts'] {
  const find = accountFinder(deps);
  return {
    async get(scope, id, signal) {
      const account = await abortable(signal, () => find(scope.workspaceId, id));
      if (!account) return undefined;
      const { _id, name, type, data } = account;
      return { _id, name, type, data, configuredHosts: deps.configuredHosts?.(account) ?? [] };
    },
    async accessToken(scope, id, options) {
      const account = await abortable(options.signal, () => find(scope.workspaceId, id));
      if (!account) throw new Error(messages.serviceAccounts.missingAccount);
      const source = deps.tokenSources?.[account.type];
      if (!source) throw new Error(messages.serviceAccounts.noAccessToken(account.type));
      return source(account, { force: options.force ?? false, signal: options.signal });
    },
  };
}

/** The longest delay one `setTimeout` holds: a longer one would fire at once. */
export const maxTimerMs = 2 ** 31 - 1;

/**
 * Real time; sleeps end early, with the signal's reason, when the execution is stopped. A
 * sleep longer than a timer can hold waits in several steps.
 */
export function sleepFor(ms: number, signal: AbortSignal, maxStep = maxTimerMs): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const end = Date.now() + ms;
    let timer: NodeJS.Timeout;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const step = (left: number) => {
      timer = setTimeout(
        () => {
          const remaining = end - Date.now();
          if (remaining > 0) return step(remaining);
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, Math.min(left, maxStep)),
      );
    };
    signal.addEventListener('abort', onAbort, { once: true });
    step(ms);
  });
}

const clockPort: EnginePorts['clock'] = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleepFor(ms, signal),
};

/**
 * The server's implementation of the engine ports (DESIGN.md §5), all but `flows`, which the
 * runner gives each execution. Every call that does I/O honours the execution's signal:
 * refused when it is already aborted, rejected with its reason as soon as it aborts.
 */
export function createEnginePorts(db: Database, deps: EnginePortsDependencies): EngineWidePorts {
  const system = deps.systemVariables ?? {};
  const reader = deps.variables ?? createVariablesReader(db);
  const holidays = createWorkspaceHolidaysReader(db);
  const serviceAccounts = serviceAccountsPort(deps);
  const network = {
    guard: deps.network?.guard ?? createNetworkGuard(),
    ...(deps.network?.resolver ? { resolver: deps.network.resolver } : {}),
  };
  /** The workspace's variables: one query (or the reader's cache) under the signal. */
  const workspaceVariables = (workspaceId: string, signal: AbortSignal) =>
    abortable(signal, () => reader.all(workspaceId));
  return {
    http: deps.http,
    variables: {
      async get(scope, key, signal) {
        return (await workspaceVariables(scope.workspaceId, signal))[key] ?? system[key];
      },
      async all(scope, signal) {
        return { ...system, ...(await workspaceVariables(scope.workspaceId, signal)) };
      },
    },
    holidays: {
      list: (scope, signal) => abortable(signal, () => holidays(scope.workspaceId)),
    },
    serviceAccounts,
    mail: createMailPort({ ...network, accounts: serviceAccounts }),
    sql: createSqlPort({ ...network, accounts: serviceAccounts }),
    ftp: createFtpPort(accountFinder(deps), {
      ...network,
      ...(deps.ftpTrustedCa ? { trustedCa: deps.ftpTrustedCa } : {}),
    }),
    storage: deps.storage,
    // Ports built without the queues service (a second runner in tests) know no queue.
    queues: deps.queues ?? {
      publish: () => Promise.reject(new Error(messages.queues.notFound)),
    },
    records: createRecordsPort(db, deps.now ?? (() => new Date())),
    agentMemory: createAgentMemoryPort(db, deps.now ?? (() => new Date())),
    approvals: createApprovalsPort(db, deps.now ?? (() => new Date()), deps.publicUrl ?? null),
    waitLinks: createWaitLinksPort(db, deps.now ?? (() => new Date()), deps.publicUrl ?? null),
    approvalWaits: createApprovalWaitsPort(
      db,
      deps.now ?? (() => new Date()),
      deps.publicUrl ?? null,
      deps.approvalLinkKey,
    ),
    aiUsage: createAiUsagePort(db, deps.now ?? (() => new Date())),
    clock: clockPort,
    newId: () => randomUUID(),
  };
}
