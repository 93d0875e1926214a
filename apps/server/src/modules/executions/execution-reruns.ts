import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import { errorCodes } from '@ponte/shared/errors';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { NodeRun } from '@ponte/shared/execution-data.schema';
import type { RerunBody, RerunFailedBody } from '@ponte/shared/monitoring.schema';
import type { Database } from '../../db/client';
import { executions } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import { createVersionsRepository } from '../versions/versions.repository';
import { createExecutionDataRepository } from './execution-data.repository';
import type { ExecutionRequest, EnqueuedExecution } from './execution-enqueue';
import type { ExecutionRow } from './executions.repository';
import { maskedRerunRefusal } from '@ponte/shared/lgpd/masked-executions';

/** The most failed executions one bulk re-run starts. */
export const bulkRerunMax = 500;

export const rerunTexts = {
  notFound: 'Execução não encontrada.',
  notFinished: 'Só uma execução finalizada pode ser reexecutada.',
  triggerNotKept:
    'A mensagem do gatilho desta execução não foi guardada (passava de 1 MB): não dá para reexecutá-la inteira.',
  nodeNotKept:
    'A entrada deste conector não foi guardada nesta execução (a configuração do flow não guarda os dados, ou eles passaram do limite).',
  runMissing: 'Este conector não rodou essa vez nesta execução.',
  nodeMissing: 'Este conector não existe na versão escolhida do flow.',
  versionGone: (version: number) =>
    `A versão ${version} do flow não existe mais (a retenção de versões a removeu).`,
  noVersion: 'Esta execução não rodou uma versão salva do flow: reexecute na versão atual.',
  period: 'O fim do período não pode ser antes do início.',
  tooMany: (count: number) =>
    `São ${count.toLocaleString('pt-BR')} execuções com erro no período; reexecute no máximo ${bulkRerunMax} de uma vez (escolha um período menor).`,
};

const conflict = (message: string) => new AppError(409, errorCodes.conflict, message);
/** The original stored its personal data masked: it would run on the masked values. */
export const maskedRerun = () =>
  new AppError(409, errorCodes.personalDataMasked, maskedRerunRefusal);
const finished = ['success', 'error', 'stopped', 'crashed'];

export interface ExecutionRerunsDeps {
  db: Database;
  enqueue(request: ExecutionRequest): Promise<EnqueuedExecution>;
}

/**
 * Re-runs (docs/adr/0113): a finished execution again, whole with its trigger message, or from
 * one node with the input that node had (the node data the flow's save setting kept), on the
 * flow's current version or the one the original ran; the new execution names the original
 * (`rerun_of`). In bulk: the failed executions of a flow in a period, whole, on the current
 * version, after a preview of how many.
 */
/** The failed production executions of the flow in the period. */
function failedWhere(workspaceId: string, body: RerunFailedBody) {
  if (Date.parse(body.to) < Date.parse(body.from)) throw invalidField('to', rerunTexts.period);
  return and(
    eq(executions.workspaceId, workspaceId),
    eq(executions.flowId, body.flow_id),
    eq(executions.status, 'error'),
    eq(executions.mode, 'production'),
    gte(executions.endedAt, new Date(body.from)),
    lte(executions.endedAt, new Date(body.to)),
  );
}

export function createExecutionReruns(deps: ExecutionRerunsDeps) {
  const { db } = deps;
  const data = createExecutionDataRepository(db);
  const versions = createVersionsRepository(db);

  const originalOf = async (workspaceId: string, executionId: string) => {
    const [row] = await db
      .select()
      .from(executions)
      .where(and(eq(executions.workspaceId, workspaceId), eq(executions.id, executionId)));
    if (!row) throw notFound(rerunTexts.notFound, { kind: 'execution', id: executionId });
    if (!finished.includes(row.status)) throw conflict(rerunTexts.notFinished);
    if (row.personalDataMasked) throw maskedRerun();
    return row;
  };

  /** The document of the version the original ran, or a pt-BR refusal. */
  const versionRan = async (row: ExecutionRow) => {
    if (row.flowVersion === null) throw conflict(rerunTexts.noVersion);
    const version = await versions.find(
      { workspaceId: row.workspaceId, kind: 'flow', resourceId: row.flowId },
      row.flowVersion,
    );
    const document = (version?.document as { data?: FlowDocument } | undefined)?.data;
    if (!document) throw conflict(rerunTexts.versionGone(row.flowVersion));
    return { document, version: row.flowVersion };
  };

  /** The input the node had in its run `run` (the last by default). */
  const inputOf = async (row: ExecutionRow, nodeUid: string, run?: number) => {
    const json = row.dataKept ? await data.runs(row.workspaceId, row.id, nodeUid) : null;
    if (!json) throw conflict(rerunTexts.nodeNotKept);
    const runs = JSON.parse(json) as NodeRun[];
    const chosen = runs[run ?? runs.length - 1];
    if (!chosen) throw invalidField('run', rerunTexts.runMissing);
    if (!chosen.input) throw conflict(rerunTexts.nodeNotKept);
    return chosen.input;
  };

  const rerunOne = async (row: ExecutionRow, body: RerunBody) => {
    const ran = body.version === 'ran' ? await versionRan(row) : undefined;
    const request: ExecutionRequest = {
      workspaceId: row.workspaceId,
      flowId: row.flowId,
      triggerNodeUid: row.triggerNodeUid,
      msg: {},
      rerun: { of: row.id, ...(ran ?? {}) },
    };
    if (body.from_node === undefined || body.from_node === row.triggerNodeUid) {
      if (!row.triggerMsg) throw conflict(rerunTexts.triggerNotKept);
      request.msg = row.triggerMsg;
    } else {
      const msg = await inputOf(row, body.from_node, body.run);
      if (ran && !ran.document.nodes.some((node) => node.uid === body.from_node))
        throw invalidField('from_node', rerunTexts.nodeMissing);
      request.startAt = { nodeUid: body.from_node, msg };
    }
    return deps.enqueue(request);
  };

  return {
    async rerun(workspaceId: string, executionId: string, body: RerunBody) {
      const started = await rerunOne(await originalOf(workspaceId, executionId), body);
      return { execution_id: started.execution_id };
    },

    /**
     * The preview of the bulk re-run: how many failed executions the period has, how many of
     * them kept no trigger message, or kept it masked (they are left out), and the most one
     * re-run starts.
     */
    async previewFailed(workspaceId: string, body: RerunFailedBody) {
      const [row] = await db
        .select({
          count: count(),
          withoutTrigger: sql<number>`count(*) filter (where ${executions.triggerMsg} is null or ${executions.personalDataMasked})`,
        })
        .from(executions)
        .where(failedWhere(workspaceId, body));
      return {
        count: Number(row?.count ?? 0),
        without_trigger: Number(row?.withoutTrigger ?? 0),
        max: bulkRerunMax,
      };
    },

    /** Re-runs each failed execution of the period whole, on the current version. */
    async rerunFailed(workspaceId: string, body: RerunFailedBody) {
      const rows = await db
        .select()
        .from(executions)
        .where(failedWhere(workspaceId, body))
        .orderBy(asc(executions.endedAt))
        .limit(bulkRerunMax + 1);
      if (rows.length > bulkRerunMax) {
        const { count: total } = await this.previewFailed(workspaceId, body);
        throw invalidField('from', rerunTexts.tooMany(total));
      }
      const started: string[] = [];
      // Not kept, or kept masked (docs/adr/0122): left out, counted as skipped.
      for (const row of rows.filter((each) => each.triggerMsg !== null && !each.personalDataMasked))
        started.push((await rerunOne(row, { version: 'current' })).execution_id);
      return { execution_ids: started, skipped: rows.length - started.length };
    },
  };
}

export type ExecutionReruns = ReturnType<typeof createExecutionReruns>;
