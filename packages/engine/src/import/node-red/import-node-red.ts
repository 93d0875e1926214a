import type { FlowEdge, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import {
  ImportFormatError,
  type ImportedFlow,
  type ImportResult,
  type NodeImportReport,
} from '../import-result';

/**
 * A minimal Node-RED importer: one flow per tab; inject → manual trigger, debug → log, the
 * rest disabled placeholders.
 */
interface RedNode {
  id: string;
  type: string;
  z?: string;
  name?: string;
  label?: string;
  x?: number;
  y?: number;
  wires?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function nodesOf(input: unknown): RedNode[] {
  const valid =
    Array.isArray(input) &&
    input.length > 0 &&
    input.every(
      (node) => isRecord(node) && typeof node.id === 'string' && typeof node.type === 'string',
    );
  if (!valid) {
    throw new ImportFormatError(
      'O arquivo não é uma exportação de flows do Node-RED (esperada a lista JSON de nós).',
    );
  }
  return input as RedNode[];
}

function translate(
  node: RedNode,
  label: string,
): Pick<NodeImportReport, 'status' | 'notes'> & {
  node: Pick<FlowNode, 'type' | 'params' | 'disabled'>;
} {
  if (node.type === 'inject') {
    return { node: { type: 'core_manual_trigger', params: {} }, status: 'translated', notes: [] };
  }
  if (node.type === 'debug') {
    return {
      node: { type: 'core_log', params: { label, message: '{{ msg.payload }}' } },
      status: 'translated',
      notes: [],
    };
  }
  return {
    node: { type: 'core_code', params: { code: 'return msg;' }, disabled: true },
    status: 'not_translated',
    notes: [`O tipo ${node.type} não tem equivalente no Ponte; ficou um nó desativado no lugar.`],
  };
}

function tabFlow(tab: RedNode, members: RedNode[]): ImportedFlow {
  const uids = new Map(members.map((node, index) => [node.id, `n${index + 1}`]));
  const nodes: FlowNode[] = [];
  const report: NodeImportReport[] = [];
  const edges: FlowEdge[] = [];
  for (const original of members) {
    const uid = uids.get(original.id)!;
    const label = original.name || original.type;
    const done = translate(original, label);
    nodes.push({
      uid,
      typeVersion: 1,
      label,
      position: { x: original.x ?? 0, y: original.y ?? 0 },
      ...done.node,
    });
    report.push({
      original_name: label,
      original_type: original.type,
      status: done.status,
      node_uid: uid,
      notes: done.notes,
    });
    const outputs = Array.isArray(original.wires) ? original.wires : [];
    for (const targets of outputs) {
      for (const target of Array.isArray(targets) ? targets : []) {
        const to = uids.get(String(target));
        if (to)
          edges.push({
            id: `e${edges.length + 1}`,
            source: uid,
            sourceOutput: 'default',
            target: to,
          });
      }
    }
  }
  const name = tab.label?.trim() || 'Flow do Node-RED';
  return {
    name,
    description: `<p>Importado do Node-RED: ${escapeHtml(name)}</p>`,
    data: { version: 1, nodes, edges },
    report,
    accounts: [],
    source_id: tab.id,
    flow_refs: [],
  };
}

/** A Node-RED flow export as Ponte flows, one per tab, with their reports. */
export function importNodeRed(input: unknown): ImportResult {
  const all = nodesOf(input);
  const tabs = all.filter((node) => node.type === 'tab');
  return {
    source: 'node-red',
    flows: tabs.map((tab) =>
      tabFlow(
        tab,
        all.filter((node) => node.z === tab.id),
      ),
    ),
  };
}
