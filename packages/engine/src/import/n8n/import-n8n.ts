import type { FlowEdge, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import {
  ImportFormatError,
  type ImportAccountNeed,
  type ImportedFlow,
  type ImportResult,
  type NodeImportReport,
} from '../import-result';

/**
 * A minimal n8n importer (Manual Trigger, Set with manual assignments, HTTP Request with basic
 * auth, Execute Workflow; the rest become disabled placeholders).
 */
interface N8nNode {
  id?: string;
  name: string;
  type: string;
  position?: [number, number];
  parameters?: Record<string, unknown>;
  credentials?: Record<string, { id?: string; name?: string }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function workflowOf(input: unknown): {
  name: string;
  id?: string;
  nodes: N8nNode[];
  connections: Record<string, unknown>;
} {
  const valid =
    isRecord(input) &&
    Array.isArray(input.nodes) &&
    isRecord(input.connections) &&
    input.nodes.every(
      (node) => isRecord(node) && typeof node.name === 'string' && typeof node.type === 'string',
    );
  if (!valid) {
    throw new ImportFormatError(
      'O arquivo não é um workflow exportado do n8n (esperado o JSON com "nodes" e "connections").',
    );
  }
  return {
    name:
      typeof input.name === 'string' && input.name.trim() ? input.name.trim() : 'Workflow do n8n',
    ...(typeof input.id === 'string' ? { id: input.id } : {}),
    nodes: input.nodes as N8nNode[],
    connections: input.connections as Record<string, unknown>,
  };
}

interface Translation {
  node: Omit<FlowNode, 'uid' | 'position' | 'typeVersion' | 'label'>;
  status: NodeImportReport['status'];
  notes: string[];
  account?: Omit<ImportAccountNeed, 'node_uids'>;
  flowRef?: string;
}

function setValues(parameters: Record<string, unknown>) {
  const assignments = isRecord(parameters.assignments) ? parameters.assignments.assignments : [];
  return (Array.isArray(assignments) ? assignments : []).filter(isRecord).map((row) => ({
    path: String(row.name ?? ''),
    value: row.value === undefined ? '' : String(row.value),
  }));
}

function translate(node: N8nNode): Translation {
  const p = node.parameters ?? {};
  switch (node.type) {
    case 'n8n-nodes-base.manualTrigger':
      return { node: { type: 'core_manual_trigger', params: {} }, status: 'translated', notes: [] };
    case 'n8n-nodes-base.set':
      return {
        node: { type: 'core_set', params: { target: 'msg', values: setValues(p) } },
        status: 'translated',
        notes: [],
      };
    case 'n8n-nodes-base.httpRequest': {
      const credential = node.credentials?.httpBasicAuth;
      const method = typeof p.method === 'string' ? p.method : 'GET';
      return {
        node: {
          type: 'core_http_request',
          params: { method, url: typeof p.url === 'string' ? p.url : '' },
        },
        status: credential ? 'adapted' : 'translated',
        notes: credential ? ['A credencial virou uma conta de serviço a escolher.'] : [],
        ...(credential
          ? {
              account: {
                key: credential.id ?? credential.name ?? 'httpBasicAuth',
                original_name: credential.name ?? '',
                original_type: 'httpBasicAuth',
                account_type: 'http_basic',
              },
            }
          : {}),
      };
    }
    case 'n8n-nodes-base.executeWorkflow': {
      const ref = isRecord(p.workflowId) ? p.workflowId.value : p.workflowId;
      return {
        node: { type: 'core_execute_flow', params: { flow: '' } },
        status: 'adapted',
        notes: ['O flow chamado é escolhido no Ponte.'],
        ...(typeof ref === 'string' && ref ? { flowRef: ref } : {}),
      };
    }
    default:
      return {
        node: { type: 'core_code', params: { code: 'return msg;' }, disabled: true },
        status: 'not_translated',
        notes: [
          `O tipo ${node.type} não tem equivalente no Ponte; ficou um nó desativado no lugar.`,
        ],
      };
  }
}

function edgesOf(connections: Record<string, unknown>, uids: Map<string, string>): FlowEdge[] {
  const edges: FlowEdge[] = [];
  for (const [from, outputs] of Object.entries(connections)) {
    const main = isRecord(outputs) && Array.isArray(outputs.main) ? outputs.main : [];
    for (const targets of main) {
      for (const target of Array.isArray(targets) ? targets.filter(isRecord) : []) {
        const source = uids.get(from);
        const to = uids.get(String(target.node));
        if (source && to) {
          edges.push({ id: `e${edges.length + 1}`, source, sourceOutput: 'default', target: to });
        }
      }
    }
  }
  return edges;
}

/** An exported n8n workflow as one Ponte flow, with its report. */
export function importN8n(input: unknown): ImportResult {
  const workflow = workflowOf(input);
  const uids = new Map(workflow.nodes.map((node, index) => [node.name, `n${index + 1}`]));
  const nodes: FlowNode[] = [];
  const report: NodeImportReport[] = [];
  const accounts = new Map<string, ImportAccountNeed>();
  const flowRefs: ImportedFlow['flow_refs'] = [];
  for (const original of workflow.nodes) {
    const uid = uids.get(original.name)!;
    const done = translate(original);
    const [x, y] = original.position ?? [0, 0];
    nodes.push({ uid, typeVersion: 1, label: original.name, position: { x, y }, ...done.node });
    report.push({
      original_name: original.name,
      original_type: original.type,
      status: done.status,
      node_uid: uid,
      notes: done.notes,
    });
    if (done.account) {
      const need = accounts.get(done.account.key) ?? { ...done.account, node_uids: [] };
      need.node_uids.push(uid);
      accounts.set(need.key, need);
    }
    if (done.flowRef) flowRefs.push({ node_uid: uid, source_id: done.flowRef });
  }
  return {
    source: 'n8n',
    flows: [
      {
        name: workflow.name,
        description: `<p>Importado do n8n: ${escapeHtml(workflow.name)}</p>`,
        data: { version: 1, nodes, edges: edgesOf(workflow.connections, uids) },
        report,
        accounts: [...accounts.values()],
        ...(workflow.id ? { source_id: workflow.id } : {}),
        flow_refs: flowRefs,
      },
    ],
  };
}
