import { randomUUID } from 'node:crypto';
import type { EnginePorts, HttpPort, QueuesPort, StoragePort } from '@ponte/engine/ports';
import { createFtpPort } from './ftp/ftp-port';
import type { Database } from '../db/client';
import { createMailPort } from './mail/mail-port';
import type { Resolver } from './outbound-http/guarded-agent';
import { createNetworkGuard, type NetworkGuard } from './outbound-http/network-guard';
import { createSqlPort } from './sql/sql-port';
import { createRecordsPort } from './records-port';
import { createVariablesReader, type VariablesReader } from './variables-reader';
import type { EnqueuedExecution, ExecutionRunner } from '../modules/executions/execution-runner';
import type { RunnerResult } from '../modules/executions/execution-ownership';
import type { DecryptedAccount } from '../modules/service-accounts/connection-testers';
import type { TokenSources } from '../modules/service-accounts/token-sources';
import { messages } from '@ponte/shared/messages';

/** Ports that need the runner get it late: the runner itself needs the engine. */
export interface PortsLateBindings {
  runner: () => ExecutionRunner;
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
const accountFinder = (late: PortsLateBindings) => (workspaceId: string, id: string) =>
  late.serviceAccounts?.getDecrypted(workspaceId, id) ?? Promise.resolve(undefined);

/** `ServiceAccountsPort`: scoped to the execution's workspace, secrets decrypted. */
function serviceAccountsPort(late: PortsLateBindings): EnginePorts['serviceAccounts'] {
  const find = accountFinder(late);
  return {
    async get(scope, id) {
      const account = await find(scope.workspaceId, id);
      if (!account) return undefined;
      const { _id, name, type, data } = account;
      return { _id, name, type, data, configuredHosts: late.configuredHosts?.(account) ?? [] };
    },
    async accessToken(scope, id, options) {
      const account = await find(scope.workspaceId, id);
      if (!account) throw new Error(messages.serviceAccounts.missingAccount);
      const source = late.tokenSources?.[account.type];
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

/**
 * The called execution's result; when the calling flow is stopped first, it stops waiting at
 * once and gives the called execution up (docs/adr/0076): not started, it never will; running,
 * its flow's option decides whether it goes on. Giving up reads the database: when it is away
 * the called execution is left to end on its own (or with the process), and no rejection
 * escapes.
 */
function untilAborted(enqueued: EnqueuedExecution, signal: AbortSignal): Promise<RunnerResult> {
  return new Promise<RunnerResult>((resolve, reject) => {
    const onAbort = () => {
      void enqueued.giveUp({ kind: 'flow' }).catch(() => undefined);
      reject(signal.reason as Error);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    enqueued.done.then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

const clockPort: EnginePorts['clock'] = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleepFor(ms, signal),
};

/** The server's implementation of the engine ports (DESIGN.md §5). */
export function createEnginePorts(db: Database, late: PortsLateBindings): EnginePorts {
  const system = late.systemVariables ?? {};
  const reader = late.variables ?? createVariablesReader(db);
  const serviceAccounts = serviceAccountsPort(late);
  const network = {
    guard: late.network?.guard ?? createNetworkGuard(),
    ...(late.network?.resolver ? { resolver: late.network.resolver } : {}),
  };
  return {
    http: late.http,
    variables: {
      async get(scope, key) {
        return (await reader.all(scope.workspaceId))[key] ?? system[key];
      },
      async all(scope) {
        return { ...system, ...(await reader.all(scope.workspaceId)) };
      },
    },
    serviceAccounts,
    mail: createMailPort({ ...network, accounts: serviceAccounts }),
    sql: createSqlPort({ ...network, accounts: serviceAccounts }),
    ftp: createFtpPort(accountFinder(late), {
      ...network,
      ...(late.ftpTrustedCa ? { trustedCa: late.ftpTrustedCa } : {}),
    }),
    storage: late.storage,
    // Ports built without the queues service (a second runner in tests) know no queue.
    queues: late.queues ?? {
      publish: () => Promise.reject(new Error(messages.queues.notFound)),
    },
    flows: {
      async execute(scope, request) {
        const runner = late.runner();
        const target = await runner.triggerOf(
          scope.workspaceId,
          request.flowId,
          'core_flow_trigger',
        );
        const enqueued = await runner.enqueue({
          workspaceId: scope.workspaceId,
          flowId: request.flowId,
          triggerNodeUid: target,
          msg: {
            payload: request.payload,
            caller: { flow_id: scope.flowId, execution_id: scope.executionId },
          },
          // A flow that calls itself (or one that calls it back) ends at the chain limit.
          chainDepth: (scope.chainDepth ?? 0) + 1,
        });
        if (!request.wait) return { execution_id: enqueued.execution_id };
        const result = await untilAborted(enqueued, request.signal);
        if (result.status !== 'success') {
          throw new Error(
            `O flow chamado terminou com ${result.status === 'error' ? 'erro' : 'status ' + result.status}: ${result.error?.message ?? ''}`.trim(),
          );
        }
        return { execution_id: enqueued.execution_id, msg: result.lastMessage };
      },
    },

    records: createRecordsPort(db, late.now ?? (() => new Date())),
    clock: clockPort,
    newId: () => randomUUID(),
  };
}
