import { randomUUID } from 'node:crypto';
import { customNodeDefinition, type StoredCustomNode } from '@ponte/engine/custom/custom-node';
import type { Engine } from '@ponte/engine/engine';
import type { EngineEvent } from '@ponte/engine/executor/events';
import {
  customNodeType,
  orderedParams,
  type CustomNodeTestBody,
  type CustomNodeTestResult,
} from '@ponte/shared/custom-nodes.schema';
import { flowDocumentSchema, type FlowDocument } from '@ponte/shared/flow/flow-document.schema';

export interface CustomNodesTestDeps {
  engine: Pick<Engine, 'execute'>;
}

const triggerUid = 'gatilho';
const connectorUid = 'conector';

/** What a log line of the handler says, as text. */
function textOf(message: unknown): string {
  if (typeof message === 'string') return message;
  try {
    return JSON.stringify(message) ?? String(message);
  } catch {
    return String(message);
  }
}

/** A flow of one connector: the manual trigger, then the connector with the given values. */
function testFlow(values: Record<string, unknown>): FlowDocument {
  return flowDocumentSchema.parse({
    version: 1,
    nodes: [
      {
        uid: triggerUid,
        type: 'core_manual_trigger',
        typeVersion: 1,
        position: { x: 0, y: 0 },
        params: {},
      },
      {
        uid: connectorUid,
        type: customNodeType('teste'),
        typeVersion: 1,
        position: { x: 200, y: 0 },
        params: values,
      },
    ],
    edges: [{ id: 'e0', source: triggerUid, sourceOutput: 'default', target: connectorUid }],
  });
}

/**
 * 'Testar' in the connector editor (beyond the spec, docs/adr/0042): the handler as the editor
 * holds it runs once through the engine, in the same sandbox, limits and network guard as in a
 * flow. Nothing is recorded as an execution of any flow.
 */
export function createCustomNodesTestService({ engine }: CustomNodesTestDeps) {
  return {
    async run(workspaceId: string, body: CustomNodeTestBody): Promise<CustomNodeTestResult> {
      const stored: StoredCustomNode = {
        id: 'teste',
        name: 'Teste',
        description: '',
        serviceName: '',
        imageData: '',
        state: 'enabled',
        version: 1,
        params: orderedParams(body.params),
        code: body.code_execution_content,
      };
      const logs: CustomNodeTestResult['logs'] = [];
      let durationMs = 0;
      const onEvent = (event: EngineEvent) => {
        if (event.type === 'log' && event.node_uid === connectorUid)
          logs.push({
            level: event.log_type === 'debug' ? 'debug' : 'info',
            message: textOf(event.message),
          });
        if (
          (event.type === 'node_finished' || event.type === 'node_failed') &&
          event.node_uid === connectorUid
        )
          durationMs = event.duration_ms;
      };
      const result = await engine.execute({
        executionId: randomUUID(),
        workspaceId,
        flowId: randomUUID(),
        flow: testFlow(body.values),
        trigger: { nodeUid: triggerUid, msg: body.msg },
        startAt: { nodeUid: connectorUid, msg: body.msg },
        nodes: [customNodeDefinition(stored)],
        onEvent,
      });
      if (result.status !== 'success')
        return { ok: false, error: result.error?.message ?? '', logs, duration_ms: durationMs };
      return { ok: true, msg: result.lastMessage, logs, duration_ms: durationMs };
    },
  };
}

export type CustomNodesTestService = ReturnType<typeof createCustomNodesTestService>;
