import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type {
  ImportAccountNeed,
  ImportedFlow,
  ImportResult,
  NodeImportReport,
} from '../import-result';
import { spreadPositions } from '../layout';
import { connectionEdges, followerUid, type Placed } from './connections';
import { mapperOf } from './mappers';
import {
  createMapContext,
  readWorkflows,
  type Mapped,
  type N8nNode,
  type N8nWorkflow,
} from './n8n-workflow';
import { flowNotes } from './notes';
import { placeholderCode, unknownTypeReason } from './placeholder';

/**
 * An n8n export (one workflow or a list; 1.x and 2.x) as Ponte flows with a report of every
 * node (ADR 0135). Reads the JSON only: nothing of it runs. Not an export → ImportFormatError.
 */
export function importN8n(input: unknown): ImportResult {
  return { source: 'n8n', flows: readWorkflows(input).map(importWorkflow) };
}

const stickyType = 'n8n-nodes-base.stickyNote';

/** A uid for the node: its n8n id when usable and unique, else `n8n-N`. */
function uidFor(node: N8nNode, index: number, taken: Set<string>): string {
  const id = typeof node.id === 'string' && /^[\w-]{1,100}$/.test(node.id) ? node.id : '';
  const uid = id && !taken.has(id) ? id : `n8n-${index + 1}`;
  taken.add(uid);
  return uid;
}

function mapNode(node: N8nNode, settings: Record<string, unknown>) {
  const context = createMapContext(node, settings);
  const mapper = mapperOf(node.type);
  const mapped: Mapped = mapper
    ? mapper(context)
    : {
        type: 'core_code',
        params: {},
        outputs: [['default']],
        notTranslated: unknownTypeReason(node.type),
      };
  const review = [...new Set(context.expressions.review)].map(
    (text) => `Expressão a revisar: ${text}.`,
  );
  const notes = [
    ...context.notes,
    ...context.expressions.notes,
    ...review,
    ...settingsNotes(node, mapped),
  ];
  return { mapped, notes: [...new Set(notes)] };
}

/** n8n node settings ('Settings' tab) as Ponte's 'Em caso de erro', with what differs. */
function settingsNotes(node: N8nNode, mapped: Mapped): string[] {
  const notes: string[] = [];
  if (mapped.notTranslated) return notes;
  if (node.onError === 'continueRegularOutput' || node.continueOnFail)
    notes.push(
      '"Continuar" em caso de erro: no Ponte o nó segue com a mensagem que recebeu (no n8n, com o erro no item).',
    );
  if (node.executeOnce)
    notes.push(
      '"Executar uma vez" (só o primeiro item) não existe no Ponte: o nó recebe a mensagem inteira.',
    );
  if (node.alwaysOutputData) notes.push('"Sempre enviar dados" não existe no Ponte.');
  return notes;
}

function onErrorOf(node: N8nNode): FlowNode['onError'] {
  const then =
    node.onError === 'continueErrorOutput'
      ? 'error'
      : node.onError === 'continueRegularOutput' || node.continueOnFail
        ? 'continue'
        : undefined;
  if (!node.retryOnFail && !then) return undefined;
  const wait = Math.min(Math.max(Number(node.waitBetweenTries ?? 1000) || 1000, 100), 5000);
  return {
    retries: node.retryOnFail
      ? Math.min(Math.max((Number(node.maxTries ?? 3) || 3) - 1, 0), 10)
      : 0,
    backoff: 'fixed',
    base_ms: wait,
    factor: 1,
    max_ms: wait,
    jitter: false,
    ...(then ? { then } : {}),
  };
}

function flowNode(placed: Placed): FlowNode {
  const { node, uid, mapped } = placed;
  const onError = onErrorOf(node);
  const [x, y] = Array.isArray(node.position) ? node.position : [0, 0];
  return {
    uid,
    type: mapped.notTranslated ? 'core_code' : mapped.type,
    typeVersion: 1,
    label: node.name.slice(0, 200),
    position: { x: Number(x) || 0, y: Number(y) || 0 },
    params: mapped.notTranslated
      ? { code: placeholderCode(node, mapped.notTranslated) }
      : mapped.params,
    ...(node.disabled || mapped.notTranslated ? { disabled: true } : {}),
    ...(onError && !mapped.notTranslated ? { onError } : {}),
  };
}

/** The node a mapper put after the original one (`Mapped.then`), beside it on the canvas. */
function followerNode(placed: Placed): FlowNode[] {
  const { then, notTranslated } = placed.mapped;
  if (!then || notTranslated) return [];
  const [x, y] = Array.isArray(placed.node.position) ? placed.node.position : [0, 0];
  return [
    {
      uid: followerUid(placed.uid),
      type: then.type,
      typeVersion: 1,
      label: then.label.slice(0, 200),
      position: { x: (Number(x) || 0) + 120, y: (Number(y) || 0) + 120 },
      params: then.params,
      ...(placed.node.disabled ? { disabled: true } : {}),
    },
  ];
}

function reportOf(placed: Placed): NodeImportReport {
  const { node, uid, mapped, notes } = placed;
  return {
    original_name: node.name,
    original_type: node.type,
    status: mapped.notTranslated ? 'not_translated' : notes.length ? 'adapted' : 'translated',
    node_uid: uid,
    notes: mapped.notTranslated ? [mapped.notTranslated, ...notes] : notes,
  };
}

function accountsOf(placedNodes: Placed[]): ImportAccountNeed[] {
  const byKey = new Map<string, ImportAccountNeed>();
  for (const { node, uid, mapped } of placedNodes) {
    if (!mapped.account || mapped.notTranslated) continue;
    const { credential, accountType } = mapped.account;
    const entry = Object.entries(node.credentials ?? {}).find(
      ([, value]) => value?.id === credential || value?.name === credential,
    );
    const need = byKey.get(credential) ?? {
      key: credential,
      original_name: entry?.[1]?.name ?? credential,
      original_type: entry?.[0] ?? credential,
      account_type: accountType,
      node_uids: [],
    };
    need.node_uids.push(uid);
    byKey.set(credential, need);
  }
  return [...byKey.values()];
}

function importWorkflow(workflow: N8nWorkflow): ImportedFlow {
  const settings = (workflow.settings ?? {}) as Record<string, unknown>;
  const taken = new Set<string>();
  const stickies = workflow.nodes.filter((node) => node.type === stickyType);
  const placedNodes: Placed[] = workflow.nodes
    .filter((node) => node.type !== stickyType)
    .map((node, index) => ({ node, uid: uidFor(node, index, taken), ...mapNode(node, settings) }));
  const byName = new Map(placedNodes.map((placed) => [placed.node.name, placed]));
  const edges = connectionEdges(workflow.connections, byName);
  const reports = new Map(placedNodes.map((placed) => [placed.node, reportOf(placed)]));
  const report = workflow.nodes.map(
    (node): NodeImportReport =>
      reports.get(node) ?? {
        original_name: node.name,
        original_type: node.type,
        status: 'translated',
        notes: [],
      },
  );
  const nodes = placedNodes.flatMap((placed) => [flowNode(placed), ...followerNode(placed)]);
  spreadPositions(nodes);
  return {
    name: (workflow.name || 'Workflow do n8n').slice(0, 200),
    description: flowNotes(stickies, workflow.nodes),
    data: {
      version: 1,
      nodes,
      edges,
    },
    report,
    accounts: accountsOf(placedNodes),
    ...(workflow.id !== undefined && workflow.id !== null
      ? { source_id: String(workflow.id) }
      : {}),
    flow_refs: placedNodes
      .filter((placed) => placed.mapped.flowRef && !placed.mapped.notTranslated)
      .map((placed) => ({ node_uid: placed.uid, source_id: placed.mapped.flowRef! })),
  };
}
