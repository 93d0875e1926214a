import type { EditorRunBody } from '@ponte/shared/execution-data.schema';
import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { messages } from '@ponte/shared/messages';
import type { Message } from '@ponte/engine/kit/message';
import {
  manualFormFields,
  validateManualInput,
} from '@ponte/engine/nodes/triggers/manual-trigger/manual-trigger.node';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import type { EnqueuedExecution, ExecutionRequest } from '../executions/execution-runner';
import type { FlowRow } from '../flows/flows.repository';

export interface EditorRunServiceDeps {
  /** The flow, only when it belongs to the workspace. */
  findFlow(workspaceId: string, flowId: string): Promise<FlowRow | null>;
  /** The save's checks of a document (the flows module's), throwing the save's error. */
  checkDocument(workspaceId: string, data: FlowDocument): Promise<void>;
  /** The workspace's library for a document: built-ins and the custom connectors it names. */
  lookupFor(workspaceId: string, data: unknown): Promise<{ lookup: ManifestLookup }>;
  enqueue(request: ExecutionRequest): Promise<EnqueuedExecution>;
  /** The latest kept trigger message of a trigger node of the flow. */
  lastTriggerMessage(
    workspaceId: string,
    flowId: string,
    nodeUid: string,
  ): Promise<{ id: string; queuedAt: Date; triggerMsg: Record<string, unknown> | null } | null>;
}

const m = messages.editorRun;

/** The nodes from which `destination` can be reached, itself included (edges run forward). */
export function upstreamOf(document: FlowDocument, destination: string): Set<string> {
  const sources = new Map<string, string[]>();
  for (const edge of document.edges) {
    sources.set(edge.target, [...(sources.get(edge.target) ?? []), edge.source]);
  }
  const seen = new Set([destination]);
  const todo = [destination];
  for (let uid = todo.pop(); uid !== undefined; uid = todo.pop()) {
    for (const source of sources.get(uid) ?? []) {
      if (seen.has(source)) continue;
      seen.add(source);
      todo.push(source);
    }
  }
  return seen;
}

/** The manual trigger's form values as its message, checked as a manual run checks them. */
function manualMessage(node: FlowNode, values: Record<string, unknown>): Message {
  const problems = validateManualInput(manualFormFields(node.params), values);
  if (problems.length) {
    throw new AppError(
      400,
      'validation_error',
      problems[0]!,
      problems.map((message) => ({ field: 'form', message })),
    );
  }
  return { payload: values };
}

/**
 * The editor's runs (docs/adr/0089): 'Executar até aqui' and 'Executar este conector' run the
 * editor's document through the runner as editor runs, whether the flow is enabled or not.
 */
export function createEditorRunService(deps: EditorRunServiceDeps) {
  const flowOf = async (workspaceId: string, flowId: string) => {
    const flow = await deps.findFlow(workspaceId, flowId);
    if (!flow) throw notFound(messages.engine.flowNotFound, { kind: 'flow', id: flowId });
    return flow;
  };

  return {
    /** Checks the document and the chosen nodes as a save would, then enqueues the run. */
    async run(workspaceId: string, flowId: string, body: EditorRunBody): Promise<string> {
      const flow = await flowOf(workspaceId, flowId);
      const { document, destination } = body;
      await deps.checkDocument(workspaceId, document);
      const nodes = new Map(document.nodes.map((node) => [node.uid, node]));
      if (!nodes.has(destination)) throw invalidField('destination', m.destinationMissing);
      if (Boolean(body.trigger) === Boolean(body.startAt)) {
        throw invalidField('trigger', m.chooseTrigger);
      }
      const { lookup } = await deps.lookupFor(workspaceId, document);
      const isTrigger = (node: FlowNode | undefined): node is FlowNode =>
        Boolean(
          node && !node.disabled && lookup(node.type, node.typeVersion)?.category === 'trigger',
        );
      const upstream = upstreamOf(document, destination);
      const editor = { document, destination };
      const base = { workspaceId, flowId: flow.id, mode: 'editor' as const, editor };
      if (body.trigger) {
        const node = nodes.get(body.trigger.node_uid);
        if (!isTrigger(node) || !upstream.has(node.uid)) {
          throw invalidField('trigger', m.chooseTrigger);
        }
        // A pinned trigger does not run: its form values are not asked for.
        const pinned = Boolean(document.pins?.[node.uid]?.length);
        const msg =
          node.type === 'core_manual_trigger' && !pinned
            ? manualMessage(node, body.trigger.msg)
            : (body.trigger.msg as Message);
        const { execution_id } = await deps.enqueue({ ...base, triggerNodeUid: node.uid, msg });
        return execution_id;
      }
      const startAt = body.startAt!;
      if (startAt.node_uid !== destination) throw invalidField('startAt', m.startAtDestination);
      // The row names a trigger: the one leading to the node, else the flow's first, else itself.
      const triggers = document.nodes.filter(isTrigger);
      const trigger = triggers.find((node) => upstream.has(node.uid)) ?? triggers[0];
      const msg = startAt.msg as Message;
      const { execution_id } = await deps.enqueue({
        ...base,
        triggerNodeUid: trigger?.uid ?? destination,
        msg,
        startAt: { nodeUid: destination, msg },
      });
      return execution_id;
    },

    /** The latest kept trigger message of the node (a webhook's last request), or nulls. */
    async lastTriggerMessage(workspaceId: string, flowId: string, nodeUid: string) {
      const flow = await flowOf(workspaceId, flowId);
      const row = await deps.lastTriggerMessage(workspaceId, flow.id, nodeUid);
      return {
        execution_id: row?.id ?? null,
        msg: row?.triggerMsg ?? null,
        received_at: row ? row.queuedAt.toISOString() : null,
      };
    },
  };
}

export type EditorRunService = ReturnType<typeof createEditorRunService>;
