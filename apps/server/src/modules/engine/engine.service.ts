import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import {
  structuralIssueCodes,
  validateFlow,
  type ValidateFlowOptions,
} from '@ponte/shared/flow/flow-validator';
import type { NodeLibrary, NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import { notFound } from '../../lib/app-error';

export interface EngineServiceDeps {
  manifests: () => NodeManifest[];
  /** Registered versions below the newest, for panels of nodes pinned to them. */
  olderManifests: () => NodeManifest[];
  lookup: ManifestLookup;
  /** Each node type's own check of its params (cron, time zone, wait range). */
  checkParams?: ValidateFlowOptions['checkParams'];
  executions: {
    /** Executions running now in the workspace. */
    runningCount(workspaceId: string): Promise<number>;
    /** Stops one running execution of the workspace; false when none runs with that id. */
    stop(workspaceId: string, executionId: string): Promise<boolean>;
    /** Stops every running execution of the workspace; gives how many. */
    stopAll(workspaceId: string): Promise<number>;
  };
  /** Schedules active for the workspace. */
  scheduledJobs: (workspaceId: string) => number;
  /**
   * The workspace's own library (its custom connectors beside the built-ins, docs/adr/0042);
   * without it, the built-ins only.
   */
  workspaceLibrary?: {
    library(workspaceId: string): Promise<NodeLibrary>;
    lookupFor(
      workspaceId: string,
      data: unknown,
    ): Promise<{ lookup: ManifestLookup; checkParams: ValidateFlowOptions['checkParams'] }>;
  };
  /** Reloads the workspace's triggers (webhooks, schedules). */
  reloadTriggers: (workspaceId: string) => Promise<void>;
  /** Ends the workspace's debug sessions: a restart leaves nothing paused. */
  stopDebugSessions?: (workspaceId: string) => void | Promise<void>;
  /** The workspace's internal queues (the status strip's 'Filas internas'). */
  registeredQueues?: (workspaceId: string) => Promise<number>;
}

/** An exported flow file (`{name, data, variables…}`) or a bare flow document. */
const documentOf = (body: unknown): unknown =>
  body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;

/**
 * The engine as the API sees it: the node library, the flow-file validator, and the status,
 * stop and restart of the caller's workspace (one workspace never stops another's executions).
 */
export function createEngineService(deps: EngineServiceDeps) {
  return {
    async library(workspaceId: string): Promise<NodeLibrary> {
      if (deps.workspaceLibrary) return deps.workspaceLibrary.library(workspaceId);
      return { nodes: deps.manifests(), olderVersions: deps.olderManifests() };
    },

    /** `isValid` is false when the structure cannot be imported. */
    async validate(workspaceId: string, body: unknown) {
      const data = documentOf(body);
      const { lookup, checkParams } = deps.workspaceLibrary
        ? await deps.workspaceLibrary.lookupFor(workspaceId, data)
        : deps;
      const errors = validateFlow(data, lookup, checkParams ? { checkParams } : {});
      const isValid = !errors.some(
        (issue) => issue.level === 'error' && structuralIssueCodes.includes(issue.code),
      );
      return { isValid, errors };
    },

    async status(workspaceId: string) {
      return {
        running: true,
        scheduled_jobs: deps.scheduledJobs(workspaceId),
        running_flows_count: await deps.executions.runningCount(workspaceId),
        queues: { registered_queues: (await deps.registeredQueues?.(workspaceId)) ?? 0 },
      };
    },

    async stopExecution(workspaceId: string, executionId: string): Promise<void> {
      const stopped = await deps.executions.stop(workspaceId, executionId);
      if (!stopped)
        throw notFound(messages.engine.executionNotRunning, { kind: 'execution', id: executionId });
    },

    /** Stops the workspace's debug sessions and executions, then reloads its triggers. */
    async restart(workspaceId: string): Promise<number> {
      await deps.stopDebugSessions?.(workspaceId);
      const stopped = await deps.executions.stopAll(workspaceId);
      await deps.reloadTriggers(workspaceId);
      return stopped;
    },
  };
}

export type EngineService = ReturnType<typeof createEngineService>;
