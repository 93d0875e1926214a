import type { RetentionRunArea, RetentionRunSource } from '@ponte/shared/lgpd/retention.schema';
import { createPeriodicTask } from '../../lib/periodic-task';
import {
  deleteExecutionData,
  deleteLogs,
  flowsWithOwnRetention,
  type FlowScope,
} from './flow-retention';
import type { RetentionRunInput } from './retention.repository';
import { applyRule, type RuleRunnerDeps } from './retention-rules-runner';
import type { Tally } from './retention-tally';

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;
/** The hourly pass's lease: the cluster's other processes skip the hour it covers. */
const passLeaseMs = 55 * 60 * 1000;

export interface RetentionPassOptions extends RuleRunnerDeps {
  /** PONTE_LOG_RETENTION_DAYS. */
  instanceDays: number;
  intervalMs?: number;
  onError: (error: unknown) => void;
}

interface RunOf {
  area: RetentionRunArea;
  source: RetentionRunSource;
  targetId: string | null;
  targetName: string;
  days: number;
}

/** One record per workspace of a tally, for the history. */
const runsOf = (tally: Tally, at: Date, of: RunOf): RetentionRunInput[] =>
  [...tally].flatMap(([workspaceId, removal]) =>
    removal.removed > 0
      ? [{ workspaceId, at, ...of, ruleId: null, manual: false, ...removal }]
      : [],
  );

/**
 * The retention of every workspace (docs/adr/0123), at start and every hour on the processes
 * that run work, one process at a time (a lease on the database): the logs and execution data
 * older than the instance's days, of every flow but those with their own; each of those by its
 * own days; then every rule. Each deletion that removed something is recorded per workspace.
 * Answers how many rows, messages and files went.
 */
export function createRetentionPass(options: RetentionPassOptions) {
  const { db, repository, now } = options;

  async function flowsPass(): Promise<number> {
    const at = now();
    const flows = await flowsWithOwnRetention(db);
    const instance: FlowScope = {
      kind: 'instance',
      cutoff: new Date(at.getTime() - options.instanceDays * dayMs),
      except: flows.map((flow) => flow.id),
    };
    const common = {
      source: 'instance',
      targetId: null,
      targetName: '',
      days: options.instanceDays,
    } as const;
    const runs = [
      ...runsOf(await deleteLogs(db, instance), at, { area: 'logs', ...common }),
      ...runsOf(await deleteExecutionData(db, instance), at, { area: 'execution_data', ...common }),
    ];
    for (const flow of flows) {
      const scope: FlowScope = {
        kind: 'flow',
        workspaceId: flow.workspaceId,
        flowId: flow.id,
        cutoff: new Date(at.getTime() - flow.days * dayMs),
      };
      const of = {
        source: 'flow',
        targetId: flow.id,
        targetName: flow.name,
        days: flow.days,
      } as const;
      runs.push(...runsOf(await deleteLogs(db, scope), at, { area: 'logs', ...of }));
      runs.push(
        ...runsOf(await deleteExecutionData(db, scope), at, { area: 'execution_data', ...of }),
      );
    }
    await repository.record(runs);
    return runs.reduce((sum, run) => sum + run.removed, 0);
  }

  async function rulesPass(): Promise<number> {
    let removed = 0;
    for (const rule of await repository.allRules()) {
      try {
        removed += (await applyRule(options, rule, false))?.removed ?? 0;
      } catch (error) {
        // One rule failing (Redis away, a bucket refusing) leaves the others to run.
        options.onError(error);
      }
    }
    return removed;
  }

  /** One pass of the whole instance, unless another process holds this hour's. */
  async function pass(): Promise<number> {
    if (!(await options.leases.claim('pass', passLeaseMs))) return 0;
    return (await flowsPass()) + (await rulesPass());
  }

  return createPeriodicTask(pass, {
    intervalMs: options.intervalMs ?? hourMs,
    onError: options.onError,
  });
}
