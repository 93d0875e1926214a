import { flowDocumentSchema } from '@ponte/shared/flow/flow-document.schema';
import type { AiTokens } from '@ponte/shared/ai-tokens.schema';
import type { ExecutionData } from '@ponte/shared/execution-data.schema';
import type { ExecutionSaveLevel } from '@ponte/shared/flows.schema';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { FlowRow } from '../flows/flows.repository';
import type { ExecutionDataSetting } from './execution-data';
import { createExecutionDataRepository } from './execution-data.repository';
import { saveLevelOf } from './execution-keeping';
import { createExecutionsRepository, type ExecutionRow } from './executions.repository';

const m = messages.executionData;
const dayMs = 24 * 60 * 60 * 1000;

export interface ExecutionDataServiceDeps {
  db: Database;
  now: () => Date;
  /** The flows module's read of a flow of the workspace (its save setting). */
  flows: { find(workspaceId: string, flowId: string): Promise<FlowRow | null> };
  /** PONTE_LOG_RETENTION_DAYS: node data older than this was removed (unless the flow has its own). */
  retentionDays: number;
  /** PONTE_EXECUTION_SAVE. */
  executionSave: ExecutionSaveLevel;
  /** PONTE_EXECUTION_DATA. */
  executionData: ExecutionDataSetting;
  /** The tokens the execution's model calls spent (the ai-usage module's; null: none). */
  aiTokens: (workspaceId: string, executionId: string) => Promise<AiTokens | null>;
}

/** The execution as the data views describe it. */
function describe(row: ExecutionRow): ExecutionData['execution'] {
  return {
    _id: row.id,
    flow_id: row.flowId,
    status: row.status,
    mode: row.mode,
    debug: row.debug,
    trigger_node_uid: row.triggerNodeUid,
    started_at: row.startedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    duration_ms: row.durationMs,
    error: row.error,
    flow_version: row.flowVersion,
    rerun_of: row.rerunOf,
    personal_data_masked: row.personalDataMasked,
    trace_id: row.traceId,
  };
}

/**
 * What each node of an execution received and sent (docs/adr/0089), read by the editor: the
 * summaries and the flow version it ran, then one node's runs at a time.
 */
export function createExecutionDataService(deps: ExecutionDataServiceDeps) {
  const executions = createExecutionsRepository(deps.db);
  const data = createExecutionDataRepository(deps.db);

  const executionOf = async (workspaceId: string, executionId: string) => {
    const row = await executions.findInWorkspace(workspaceId, executionId);
    if (!row) throw notFound(m.executionNotFound, { kind: 'execution', id: executionId });
    return row;
  };

  /** Why a finished execution kept no data, as its flow's setting says now. */
  const notKeptReason = async (row: ExecutionRow): Promise<string> => {
    if (deps.executionData === 'off') return m.off;
    if (row.debug || row.mode === 'editor') return m.notKept;
    const flow = await deps.flows.find(row.workspaceId, row.flowId);
    const level = saveLevelOf(flow?.config.save_executions, deps.executionSave, false);
    if (level === 'none') return m.none;
    if (level === 'errors' && row.status === 'success') return m.onlyErrors;
    return m.notKept;
  };

  /** The execution, the flow version it ran and its nodes' summaries (404 if not yours). */
  async function summaryOf(workspaceId: string, executionId: string): Promise<ExecutionData> {
    const row = await executionOf(workspaceId, executionId);
    const execution = describe(row);
    // Still running: its data is written with its end.
    if (row.status === 'queued' || row.status === 'running')
      return { execution, flow: null, kept: true, nodes: [] };
    if (!row.dataKept)
      return {
        execution,
        flow: null,
        kept: false,
        kept_reason: await notKeptReason(row),
        nodes: [],
      };
    // A flow's own retention (`config.retention_days`, docs/adr/0123) overrides the instance's.
    const own = (await deps.flows.find(row.workspaceId, row.flowId))?.config.retention_days;
    const days = own ?? deps.retentionDays;
    const cutoff = deps.now().getTime() - days * dayMs;
    if (row.endedAt && row.endedAt.getTime() <= cutoff)
      return {
        execution,
        flow: null,
        kept: false,
        kept_reason: m.retention(days),
        nodes: [],
      };
    const [nodes, snapshot] = await Promise.all([
      data.summaries(workspaceId, executionId),
      row.flowHash ? data.snapshot(workspaceId, row.flowId, row.flowHash) : null,
    ]);
    const flow = flowDocumentSchema.safeParse(snapshot);
    return { execution, flow: flow.success ? flow.data : null, kept: true, nodes };
  }

  return {
    /** `summaryOf`, with the tokens of its model calls (docs/adr/0101), kept or not. */
    async execution(workspaceId: string, executionId: string): Promise<ExecutionData> {
      const summary = await summaryOf(workspaceId, executionId);
      const tokens = await deps.aiTokens(workspaceId, executionId);
      return tokens ? { ...summary, ai_tokens: tokens } : summary;
    },

    /**
     * The JSON of one node's data (`nodeDataSchema`), its runs as stored: never parsed here.
     * 404 when the execution is not yours or the node kept nothing.
     */
    async nodeJson(workspaceId: string, executionId: string, nodeUid: string): Promise<string> {
      await executionOf(workspaceId, executionId);
      const runs = await data.runs(workspaceId, executionId, nodeUid);
      if (runs === null) throw notFound(m.nodeNotFound);
      return `{"node_uid":${JSON.stringify(nodeUid)},"runs":${runs}}`;
    },
  };
}

export type ExecutionDataService = ReturnType<typeof createExecutionDataService>;
