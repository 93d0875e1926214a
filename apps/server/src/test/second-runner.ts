import { createEngine } from '@ponte/engine/engine';
import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import type { Sandbox } from '@ponte/engine/sandbox/sandbox';
import type { ExecutionSaveLevel } from '@ponte/shared/flows.schema';
import { createEnginePorts } from '../adapters/engine-ports';
import { createNetworkGuard } from '../adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from '../adapters/outbound-http/outbound-http-client';
import type { Database } from '../db/client';
import {
  createExecutionRunner,
  type ExecutionRunner,
} from '../modules/executions/execution-runner';
import { createFlowsRepository } from '../modules/flows/flows.repository';
import { createLogWriter, type LogWriter } from '../modules/logs/log-writer';
import { createEmbeddedExecutionQueueDriver } from '../modules/executions/queue/embedded-execution-queue-driver';
import { createStoragePort } from '../adapters/storage-port';
import { testStorage } from './test-storage';
import type { ClusterOptions } from '../cluster/cluster';
import type { ExecutionDataSetting } from '../modules/executions/execution-data';
import type { ExecutionQueueDriver } from '../modules/executions/queue/execution-queue-driver';

export interface SecondRunner {
  runner: ExecutionRunner;
  /** Ends it as a process would on shutdown: stops consuming, then frees the engine. */
  close(graceMs?: number): Promise<void>;
}

/**
 * The runner of another Ponte process on the same database: its own engine and its own queue
 * driver, sharing only the database with the app under test.
 */
export function createSecondRunner(
  db: Database,
  options: {
    nodes?: NodeDefinition[];
    concurrency?: number;
    sandbox?: Sandbox;
    /** Another log writer (one with the alert rules' watch, say). */
    logs?: LogWriter;
    executionSave?: ExecutionSaveLevel;
    /** PONTE_EXECUTION_DATA. */
    executionData?: ExecutionDataSetting;
    /** Another queue driver than the embedded one over `db` (given the embedded one). */
    queue?: (embedded: ExecutionQueueDriver) => ExecutionQueueDriver;
    /** Another process of a distributed Ponte (its own bus). */
    cluster?: ClusterOptions;
    onError?: (error: unknown) => void;
    /** Networks its outbound requests may reach (PONTE_HTTP_ALLOWED_NETWORKS). */
    httpAllowedNetworks?: string[];
    /** How long a row may wait for its end (docs/adr/0129). */
    writeOnceWindowMs?: number;
  } = {},
): SecondRunner {
  const http = createOutboundHttpClient({
    guard: createNetworkGuard(options.httpAllowedNetworks),
  });
  const engine = createEngine({
    ports: createEnginePorts(db, {
      http,
      storage: createStoragePort(testStorage()),
    }),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    nodes: options.nodes ?? [],
  });
  const runner = createExecutionRunner({
    db,
    queue: (options.queue ?? ((embedded) => embedded))(createEmbeddedExecutionQueueDriver(db)),
    flows: createFlowsRepository(db),
    engine,
    logs: options.logs ?? createLogWriter(db, { flushMs: 10 }),
    now: () => new Date(),
    concurrency: options.concurrency ?? 8,
    ...(options.executionSave ? { executionSave: options.executionSave } : {}),
    ...(options.executionData ? { executionData: options.executionData } : {}),
    ...(options.cluster ? { cluster: options.cluster } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.writeOnceWindowMs ? { writeOnceWindowMs: options.writeOnceWindowMs } : {}),
  });
  return {
    runner,
    async close(graceMs = 100) {
      await runner.close(graceMs);
      engine.dispose();
      await http.close();
    },
  };
}
