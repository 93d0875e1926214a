import { and, gt, inArray, sql } from 'drizzle-orm';
import type { WaitingExecution } from '@ponte/shared/monitoring.schema';
import type { WaitingApprover } from '@ponte/shared/approval-requests.schema';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { AppError, notFound } from '../../lib/app-error';
import type { GroupLimit } from '../../lib/group-access/group-scope';
import { formatDateTime } from '@ponte/shared/format';
import type { ClusterOptions } from '../../cluster/cluster';
import type { Database } from '../../db/client';
import { ponteProcesses } from '../../db/schema';
import type { ExecutionRow, ExecutionsRepository } from './executions.repository';

/** The roles whose processes run executions (PONTE_ROLE). */
const workRoles = ['all', 'worker'];

const people = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

export const waitingTexts = {
  noWorker: 'Aguardando um worker: nenhum processo que executa flows está ativo.',
  concurrency: (running: number, limit: number) =>
    `Limite de execuções simultâneas do flow: ${running} de ${limit} em andamento.`,
  slot: 'Na fila: aguardando uma vaga nos workers.',
  retry: (attempt: number, of: number, at: string) =>
    `Nova tentativa ${attempt} de ${of} em ${formatDateTime(at)}.`,
  retryDue: (attempt: number, of: number) =>
    `Nova tentativa ${attempt} de ${of}: aguardando uma vaga nos workers.`,
  approval: (since: string, at?: string, who: string[] = []) =>
    `Aguardando aprovação${who.length ? ` de ${people.format(who)}` : ''} desde ${formatDateTime(since)}${
      at ? ` (expira em ${formatDateTime(at)})` : ''
    }.`,
  delay: (at: string) => `Aguardando até ${formatDateTime(at)} (conector Aguardar).`,
  call: (at: string) => `Aguardando uma chamada ao link (expira em ${formatDateTime(at)}).`,
  delayDue: 'Espera do conector Aguardar concluída: aguardando uma vaga nos workers.',
};

/**
 * Whether some process runs executions now: this one when it does; distributed, any process
 * of a working role whose lease has not run out (docs/adr/0065).
 */
export function createWorkerPresence(db: Database, cluster: ClusterOptions, consumes: boolean) {
  return async (): Promise<boolean> => {
    if (consumes || cluster.role !== 'api') return true;
    const rows = await db
      .select({ id: ponteProcesses.id })
      .from(ponteProcesses)
      .where(
        and(inArray(ponteProcesses.role, workRoles), gt(ponteProcesses.leaseUntil, sql`now()`)),
      )
      .limit(1);
    return rows.length > 0;
  };
}

type Row = Omit<ExecutionRow, 'triggerMsg' | 'resume'> & { concurrencyLimit: number };

/**
 * Why one execution has not run (docs/adr/0111). Waiting: its earliest new attempt, else the
 * approval it waits for. Queued: no worker at all, the flow's concurrency limit reached, or a
 * free slot in the workers.
 */
export function reasonOf(
  row: Row,
  facts: {
    workersAlive: boolean;
    runningOfFlow: number;
    now: Date;
    /** Who an 'Aguardar aprovação' still waits for (docs/adr/0115). */
    approvers?: string[];
  },
): Pick<WaitingExecution, 'reason' | 'run_now'> {
  if (row.status === 'waiting') {
    const waits = row.waits ?? [];
    const call = waits.find((wait) => wait.kind === 'call' && wait.at);
    const timed = waits
      .filter((wait) => (wait.kind === 'retry' || wait.kind === 'delay') && wait.at)
      .sort((a, b) => Date.parse(a.at!) - Date.parse(b.at!))[0];
    // A link waits for its caller: nothing here runs it sooner (docs/adr/0114).
    if (call && !timed) {
      return {
        reason: {
          kind: 'call',
          text: waitingTexts.call(call.at!),
          node_uid: call.node_uid,
          at: call.at!,
        },
        run_now: false,
      };
    }
    if (timed) {
      const due = Date.parse(timed.at!) <= facts.now.getTime();
      const { attempt = 0, of = 0, at = '' } = timed;
      const delay = timed.kind === 'delay';
      const text = !facts.workersAlive
        ? waitingTexts.noWorker
        : due
          ? delay
            ? waitingTexts.delayDue
            : waitingTexts.retryDue(attempt, of)
          : delay
            ? waitingTexts.delay(at)
            : waitingTexts.retry(attempt, of, at);
      return {
        reason: {
          kind: facts.workersAlive ? timed.kind : 'worker',
          text,
          node_uid: timed.node_uid,
          at,
        },
        run_now: !due,
      };
    }
    const approval = waits.find((wait) => wait.kind === 'approval');
    const since = approval?.since ?? (row.endedAt ?? row.queuedAt).toISOString();
    return {
      reason: {
        kind: 'approval',
        text: waitingTexts.approval(since, approval?.at, facts.approvers),
        ...(approval ? { node_uid: approval.node_uid } : {}),
        ...(approval?.at ? { at: approval.at } : {}),
      },
      run_now: false,
    };
  }
  if (!facts.workersAlive)
    return { reason: { kind: 'worker', text: waitingTexts.noWorker }, run_now: false };
  const limit = row.concurrencyLimit;
  if (limit > 0 && facts.runningOfFlow >= limit) {
    return {
      reason: { kind: 'concurrency', text: waitingTexts.concurrency(facts.runningOfFlow, limit) },
      run_now: false,
    };
  }
  return { reason: { kind: 'slot', text: waitingTexts.slot }, run_now: false };
}

export type WaitingApproversOf = (
  workspaceId: string,
  executionIds: string[],
) => Promise<Map<string, WaitingApprover[]>>;

interface WaitingDeps {
  repository: ExecutionsRepository;
  now: () => Date;
  /** Each row with its flow's name (null once the flow was removed). */
  withNames: <T extends Pick<ExecutionRow, 'flowId'>>(
    workspaceId: string,
    rows: T[],
  ) => Promise<{ execution: T; flowName: string | null }[]>;
  /** Whether some process runs executions now. */
  workersAlive?: () => Promise<boolean>;
  /** Looks for due attempts now (the runner's sweep). */
  sweepRetries?: () => Promise<void>;
  /** The approvers each execution's 'Aguardar aprovação' waits for (docs/adr/0115). */
  approvers?: WaitingApproversOf;
}

/** The monitoring reads and actions of executions that have not run (docs/adr/0111). */
export function waitingReads(deps: WaitingDeps) {
  const { repository, now, withNames } = deps;
  return {
    /**
     * The workspace's queued and waiting executions, each with why it has not run
     * (docs/adr/0111); `within`: only those of flows in the caller's groups.
     */
    async waiting(workspaceId: string, within?: GroupLimit): Promise<WaitingExecution[]> {
      const rows = await repository.notRunning(workspaceId, within);
      if (!rows.length) return [];
      const limited = [
        ...new Set(rows.filter((row) => row.concurrencyLimit > 0).map((row) => row.flowId)),
      ];
      // Only executions an 'Aguardar aprovação' holds (a wait of kind approval with an expiry).
      const approving = rows
        .filter((row) => row.waits?.some((wait) => wait.kind === 'approval' && wait.at))
        .map((row) => row.id);
      const [running, workersAlive, approvers] = await Promise.all([
        repository.runningByFlow(workspaceId, limited),
        deps.workersAlive?.() ?? true,
        approving.length && deps.approvers
          ? deps.approvers(workspaceId, approving)
          : new Map<string, WaitingApprover[]>(),
      ]);
      const at = now();
      return (await withNames(workspaceId, rows)).map(({ execution, flowName }) => ({
        execution_id: execution.id,
        flow_id: execution.flowId,
        flow_name: flowName,
        status: execution.status as 'queued' | 'waiting',
        since: (execution.status === 'waiting'
          ? (execution.endedAt ?? execution.queuedAt)
          : execution.queuedAt
        ).toISOString(),
        ...reasonOf(execution, {
          workersAlive,
          runningOfFlow: running.get(execution.flowId) ?? 0,
          now: at,
          approvers: (approvers.get(execution.id) ?? [])
            .filter((item) => item.status === 'pending')
            .map((item) => item.approver),
        }),
        flow_version: execution.flowVersion,
        approvers: approvers.get(execution.id) ?? [],
      }));
    },

    /**
     * 'Executar agora' (docs/adr/0111): the execution's new attempts are due now and the sweep
     * runs at once. 404 for another workspace's; 409 when it waits for no attempt to come.
     */
    async runNow(workspaceId: string, executionId: string): Promise<void> {
      if (await repository.runNow(workspaceId, executionId, now())) {
        await deps.sweepRetries?.();
        return;
      }
      const row = await repository.findInWorkspace(workspaceId, executionId);
      if (!row)
        throw notFound(messages.engine.executionNotFound, { kind: 'execution', id: executionId });
      throw new AppError(409, errorCodes.conflict, messages.engine.noAttemptToCome);
    },
  };
}
