import type { DebugSession } from '@ponte/engine/debugger/debug-session';
import type { Engine } from '@ponte/engine/engine';
import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import type { ExecutionSaveLevel } from '@ponte/shared/flows.schema';
import type { Database } from '../../db/client';
import type { ExecutionQueueDriver } from './queue/execution-queue-driver';
import type { ClusterOptions } from '../../cluster/cluster';
import type { FlowRow } from '../flows/flows.repository';
import type { LogWriter } from '../logs/log-writer';
import type { ThrottledEvent } from '../../lib/security-hooks';
import type { ExecutionRow } from './executions.repository';
import type { ExecutionDataSetting } from './execution-data';
import type { ExecutionTracer } from '../../adapters/tracing/tracing';

/**
 * The debugger's side of the runner: an execution of a flow in debug runs attached to the
 * flow's session; `detach` is called once it ended, whatever happened.
 */
export interface RunnerDebugHooks {
  attach(execution: ExecutionRow): DebugSession | undefined;
  detach(execution: ExecutionRow): void;
}

export interface ExecutionRunnerDeps {
  db: Database;
  queue: ExecutionQueueDriver;
  /** The flows module's read of a flow of the workspace. */
  flows: { find(workspaceId: string, flowId: string): Promise<FlowRow | null> };
  engine: Engine;
  /**
   * The node types a flow's custom connectors run as, at the versions it pins, in their state
   * now (docs/adr/0042).
   */
  customNodes?: { definitionsFor(workspaceId: string, data: unknown): Promise<NodeDefinition[]> };
  logs: LogWriter;
  now: () => Date;
  /** Executions running at once in this process. */
  concurrency: number;
  onError?: (error: unknown) => void;
  debug?: RunnerDebugHooks;
  /** PONTE_FLOW_CHAIN_LIMIT: deeper chains are refused (default 5, docs/adr/0020). */
  flowChainLimit?: number;
  /** A chain refused at the limit (security log). */
  onThrottled?: (event: ThrottledEvent) => void;
  /** PONTE_EXECUTION_SAVE: what is kept of executions of flows that follow it (default all). */
  executionSave?: ExecutionSaveLevel;
  /** PONTE_EXECUTION_DATA: `off` keeps no node data of any execution (default on). */
  executionData?: ExecutionDataSetting;
  /**
   * PONTE_LGPD_MASK: executions of flows that follow it store personal data masked (default
   * false, docs/adr/0122).
   */
  lgpdMask?: boolean;
  /**
   * False in an API process (PONTE_ROLE=api, docs/adr/0066): executions are only enqueued, for
   * the workers; none starts here. Default true.
   */
  consume?: boolean;
  /**
   * How long an execution whose caller waits for its end may run before its start row is
   * written after all (docs/adr/0129; default 20 ms).
   */
  writeOnceWindowMs?: number;
  /**
   * The OpenTelemetry tracer, loaded on first use; absent while tracing is off (no
   * `OTEL_EXPORTER_OTLP_ENDPOINT`, docs/adr/0131): then nothing is traced.
   */
  tracer?: (() => Promise<ExecutionTracer>) | undefined;
  /** The processes sharing the database (docs/adr/0065); absent: this one alone. */
  cluster?: ClusterOptions;
}
