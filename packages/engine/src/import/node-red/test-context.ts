import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { Engine } from '../../engine';
import type { NodeRunRecord } from '../../executor/events';
import type { Message } from '../../kit/message';
import type { MapContext, MappedNode } from './mapped-node';
import type { NrNode } from './node-red-export';

/** A mapper's context for one node alone (tests). */
export function contextFor(
  node: Partial<NrNode> & { type: string },
  others: NrNode[] = [],
): MapContext {
  const full = { id: 'n1', x: 100, y: 40, wires: [[]], ...node } as NrNode;
  const byId = new Map([full, ...others].map((item) => [item.id, item]));
  return {
    node: full,
    uid: full.id,
    byId,
    downstream: () => others,
    tabOf: (id) => (byId.get(id)?.z as string | undefined) ?? 'aba',
  };
}

/** Each output of a mapped node wired to a 'Log' `saida_N`; the messages each received. */
export function flowAround(mapped: MappedNode): FlowDocument {
  const logs: FlowNode[] = mapped.outputs.map((_, at) => ({
    uid: `saida_${at + 1}`,
    type: 'core_log',
    typeVersion: 1,
    position: { x: 0, y: 0 },
    params: { label: `saida_${at + 1}`, message: '{{ msg.payload }}' },
  }));
  const trigger: FlowNode = {
    uid: 'inicio',
    type: 'core_manual_trigger',
    typeVersion: 1,
    position: { x: 0, y: 0 },
    params: {},
  };
  const edges = [
    ...(mapped.input
      ? [{ id: 'e0', source: 'inicio', sourceOutput: 'default', target: mapped.input }]
      : []),
    ...(mapped.edges ?? []).map((edge, at) => ({ id: `i${at}`, ...edge })),
    ...mapped.outputs.flatMap((endpoint, at) =>
      endpoint
        ? [
            {
              id: `o${at}`,
              source: endpoint.uid,
              sourceOutput: endpoint.output,
              target: `saida_${at + 1}`,
            },
          ]
        : [],
    ),
  ];
  return { version: 1, nodes: [trigger, ...mapped.nodes, ...logs], edges };
}

/** Runs the mapped node on `msg` in an engine: what each output sent (by output number). */
export async function runMapped(
  engine: Engine,
  mapped: MappedNode,
  msg: Message,
  vars: { key: string; value: string }[] = [],
): Promise<{ status: string; error?: string; sent: Record<string, unknown[]>; logs: string[] }> {
  const records: NodeRunRecord[] = [];
  const logs: string[] = [];
  const result = await engine.execute({
    executionId: 'x',
    workspaceId: 'ws-1',
    flowId: 'f-1',
    flow: flowAround(mapped),
    flowVariables: vars,
    trigger: { nodeUid: 'inicio', msg },
    capture: (record) => records.push(record),
    onEvent: (event) => {
      if (event.type === 'log' && event.label.startsWith('console.'))
        logs.push(String(event.message));
    },
  });
  const sent: Record<string, unknown[]> = {};
  for (const record of records) {
    if (!record.node_uid.startsWith('saida_')) continue;
    (sent[record.node_uid] ??= []).push(JSON.parse(record.input));
  }
  return {
    status: result.status,
    ...(result.error ? { error: result.error.message } : {}),
    sent,
    logs,
  };
}
