import { z } from 'zod';
import { flowDocumentSchema, type FlowDocument, type FlowNode } from './flow-document.schema';
import { paramShown, type NodeManifest, type ParamSpec } from './node-manifest.schema';
import type { ManifestLookup } from './flow-operations';
import { findCycles } from './flow-graph';
import { limits } from '../limits';
import { messages } from '../messages';
import { parseBrNumber } from '../brazil/numbers';
import { depthExceeds } from '../text';

/** Stable codes for programs; structural ones make a document unusable (import refuses it). */
export const flowIssueCodes = [
  'schema',
  'duplicate_uid',
  'unknown_type',
  'unknown_version',
  'unavailable_type',
  'connector_unavailable',
  'deprecated_type',
  'required_param',
  'param_type',
  'edge_node',
  'edge_output',
  'no_trigger',
  'trigger_incoming',
  'triggers_disabled',
  'unreachable',
  'cycle',
  'too_large',
] as const;
export type FlowIssueCode = (typeof flowIssueCodes)[number];
export const structuralIssueCodes: readonly FlowIssueCode[] = [
  'schema',
  'duplicate_uid',
  'unknown_type',
  'unknown_version',
  'unavailable_type',
  'edge_node',
  'edge_output',
  'too_large',
];

export const flowIssueSchema = z.object({
  level: z.enum(['error', 'warning']),
  code: z.enum(flowIssueCodes),
  message: z.string(),
  node_uid: z.string().optional(),
});
export type FlowIssue = z.infer<typeof flowIssueSchema>;

/** Types whose cycles are expected: the loop's body comes back to it; a delay paces a poll. */
const cycleBreakers = new Set(['core_loop', 'core_delay']);
const expression = /\{\{[\s\S]*?\}\}/;

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function paramIssue(spec: ParamSpec, value: unknown): string | undefined {
  if (typeof value === 'string' && expression.test(value)) return undefined;
  if (spec.type === 'number') {
    // Text as Brazilians type numbers ('1.000' is a thousand), as the engine reads it.
    const number = typeof value === 'string' ? parseBrNumber(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) return 'deve ser um número';
    if (spec.min !== undefined && number < spec.min) return `deve ser no mínimo ${spec.min}`;
    if (spec.max !== undefined && number > spec.max) return `deve ser no máximo ${spec.max}`;
  }
  if (spec.type === 'select' && !spec.options.some((option) => option.value === value)) {
    return `tem um valor que não está entre as opções: ${String(value)}`;
  }
  if (spec.type === 'table-params' && !Array.isArray(value)) return 'deve ser uma tabela';
  return undefined;
}

/** Named outputs of a node: the manifest's, one per row of a dynamic-outputs table, and `error`. */
export function nodeOutputs(node: FlowNode, manifest: NodeManifest): string[] {
  const outputs = [...Object.keys(manifest.outputs), 'error'];
  const dynamic = manifest.dynamicOutputs;
  const rows = dynamic ? node.params[dynamic.param] : undefined;
  if (dynamic && Array.isArray(rows)) {
    for (const row of rows) {
      const name = (row as Record<string, unknown> | null)?.[dynamic.key];
      if (typeof name === 'string' && name.trim()) outputs.push(name.trim());
    }
  }
  return outputs;
}

/** Bytes of the value's JSON in UTF-8 (no TextEncoder: this file runs in every package). */
function byteLength(value: unknown): number {
  const json = JSON.stringify(value) ?? '';
  let bytes = 0;
  for (let at = 0; at < json.length; at++) {
    const code = json.charCodeAt(at);
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code < 0xe000) ? 2 : 3;
  }
  return bytes;
}
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** Limits of size that keep a document storable and walkable: nodes, params, nesting. */
function sizeIssues(doc: FlowDocument): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const tooLarge = (message: string, node_uid?: string) =>
    issues.push({
      level: 'error',
      code: 'too_large',
      message,
      ...(node_uid ? { node_uid } : {}),
    });
  if (doc.nodes.length > limits.flowNodesMax || doc.edges.length > limits.flowNodesMax * 4) {
    tooLarge(`O fluxo passa do limite de ${limits.flowNodesMax} conectores ou de suas conexões.`);
  }
  if (byteLength(doc) > limits.flowDocumentMaxBytes) {
    // Pins count in the document's size (docs/adr/0089): say so, since they are its bulk.
    const pinned = doc.pins ? byteLength(doc.pins) : 0;
    const pinsNote = pinned
      ? ` Os dados fixados ocupam ${kb(pinned)}: remova ou reduza os dados fixados de algum conector.`
      : '';
    tooLarge(`O fluxo passa do tamanho máximo de ${kb(limits.flowDocumentMaxBytes)}.${pinsNote}`);
  }
  for (const node of doc.nodes) {
    const name = node.label || node.uid;
    if (byteLength(node.params) > limits.nodeParamsMaxBytes) {
      tooLarge(
        `Os parâmetros do conector "${name}" passam do tamanho máximo de ${kb(limits.nodeParamsMaxBytes)}.`,
        node.uid,
      );
    } else if (depthExceeds(node.params, limits.jsonDepthMax)) {
      tooLarge(
        `Os parâmetros do conector "${name}" têm mais de ${limits.jsonDepthMax} níveis de objetos e listas.`,
        node.uid,
      );
    }
  }
  return issues;
}

function describePath(path: PropertyKey[]): string {
  return path.map(String).join('.') || 'documento';
}

/**
 * Checks a flow document against the schema and the node library. Issues come in a stable
 * order: the document's structure, then each node in document order, then the connections,
 * then the graph as a whole.
 */
export interface ValidateFlowOptions {
  /**
   * What a param's kind cannot say (a cron expression, a time zone, a wait's range): the node
   * type's own check of its raw params, a pt-BR problem or null. The server passes the node
   * library's (`NodeDefinition.checkParams`); without it only the manifests are checked.
   */
  checkParams?: (node: FlowNode) => string | null | undefined;
}

export function validateFlow(
  input: unknown,
  lookup: ManifestLookup,
  options: ValidateFlowOptions = {},
): FlowIssue[] {
  const parsed = flowDocumentSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      level: 'error' as const,
      code: 'schema' as const,
      message:
        issue.code === 'custom' || issue.message === messages.generic.forbiddenCharacter
          ? `${issue.message} Em "${describePath(issue.path)}".`
          : `O documento do fluxo é inválido em "${describePath(issue.path)}".`,
    }));
  }
  const doc: FlowDocument = parsed.data;
  const issues: FlowIssue[] = sizeIssues(doc);
  const manifests = new Map<FlowNode, NodeManifest | undefined>();
  const labelOf = (node: FlowNode) => node.label || manifests.get(node)?.label || node.uid;
  const seen = new Set<string>();

  for (const node of doc.nodes) {
    manifests.set(node, lookup(node.type, node.typeVersion));
  }
  for (const node of doc.nodes) {
    const error = (code: FlowIssueCode, message: string) =>
      issues.push({ level: 'error', code, message, node_uid: node.uid });
    if (seen.has(node.uid))
      error('duplicate_uid', `O identificador "${node.uid}" é usado por mais de um conector.`);
    seen.add(node.uid);
    const manifest = manifests.get(node);
    if (!manifest) {
      const newest = lookup(node.type);
      if (newest) {
        error(
          'unknown_version',
          `O conector "${node.label || newest.label}" usa a versão ${node.typeVersion} de ${node.type}, que não existe mais nesta instalação.`,
        );
      } else {
        error(
          'unknown_type',
          `O conector "${labelOf(node)}" usa um tipo desconhecido: ${node.type}.`,
        );
      }
      continue;
    }
    if (manifest.custom && manifest.available === false) {
      // A custom connector disabled or removed (docs/adr/0041): the flow may be saved as a
      // draft, not enabled, and does not run; the message names the connector.
      error('connector_unavailable', manifest.unavailableReason ?? labelOf(node));
      continue;
    }
    if (manifest.available === false) {
      error(
        'unavailable_type',
        `O conector "${labelOf(node)}" (${node.type}) ainda não pode ser usado nesta instalação. ${manifest.unavailableReason ?? ''}`.trim(),
      );
      continue;
    }
    if (manifest.deprecated) {
      error(
        'deprecated_type',
        `O conector "${labelOf(node)}" (${node.type}) será removido em breve. Remova-o antes de salvar o fluxo.`,
      );
    }
    issues.push(...paramIssues(node, manifest, labelOf(node), options));
  }

  issues.push(...edgeIssues(doc, manifests, labelOf));
  issues.push(...graphIssues(doc, manifests, labelOf));
  return issues;
}

/** Connections to nodes that do not exist, or from outputs their node does not have. */
function edgeIssues(
  doc: FlowDocument,
  manifests: Map<FlowNode, NodeManifest | undefined>,
  labelOf: (node: FlowNode) => string,
): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const byUid = new Map(doc.nodes.map((node) => [node.uid, node]));
  for (const edge of doc.edges) {
    const source = byUid.get(edge.source);
    const target = byUid.get(edge.target);
    for (const [uid, node] of [
      [edge.source, source],
      [edge.target, target],
    ] as const) {
      if (!node) {
        issues.push({
          level: 'error',
          code: 'edge_node',
          message: `A conexão ${edge.id} aponta para um conector que não existe: ${uid}.`,
        });
      }
    }
    const manifest = source && manifests.get(source);
    if (source && manifest && !nodeOutputs(source, manifest).includes(edge.sourceOutput)) {
      issues.push({
        level: 'error',
        code: 'edge_output',
        message: `A conexão ${edge.id} sai de uma saída que o conector "${labelOf(source)}" não tem: ${edge.sourceOutput}.`,
        node_uid: source.uid,
      });
    }
  }

  return issues;
}

/** The node's params against its manifest, then the node type's own check. */
function paramIssues(
  node: FlowNode,
  manifest: NodeManifest,
  label: string,
  options: ValidateFlowOptions,
): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const error = (code: FlowIssueCode, message: string) =>
    issues.push({ level: 'error', code, message, node_uid: node.uid });
  // A param the agent's model fills ('Ferramenta do agente') is not the node's to check.
  const byModel = new Set(node.agentTool?.params ?? []);
  for (const [name, spec] of Object.entries(manifest.params)) {
    if (byModel.has(name) || !paramShown(manifest.params, spec, node.params)) continue;
    const value = node.params[name];
    if (isEmpty(value)) {
      if (spec.required && !('default' in spec && spec.default !== undefined)) {
        error(
          'required_param',
          `O conector "${label}" não tem o parâmetro obrigatório "${spec.label}" preenchido.`,
        );
      }
      continue;
    }
    const problem = paramIssue(spec, value);
    if (problem)
      error('param_type', `O parâmetro "${spec.label}" do conector "${label}" ${problem}.`);
  }
  const problem = options.checkParams?.(node);
  if (problem) error('param_type', `O conector "${label}": ${problem}`);
  issues.push(...agentToolIssues(node, manifest, label));
  return issues;
}

/** 'Ferramenta do agente': the model needs to be told what the tool does, and which params it fills. */
function agentToolIssues(node: FlowNode, manifest: NodeManifest, label: string): FlowIssue[] {
  const tool = node.agentTool;
  if (!tool) return [];
  const issues: FlowIssue[] = [];
  if (!tool.description.trim()) {
    issues.push({
      level: 'error',
      code: 'required_param',
      message: `O conector "${label}" é ferramenta do agente e precisa da "Descrição para o modelo": diga o que ele faz.`,
      node_uid: node.uid,
    });
  }
  for (const name of tool.params) {
    // A model never picks a credential of the workspace.
    if (manifest.params[name]?.type === 'service_account') {
      issues.push({
        level: 'error',
        code: 'param_type',
        message: `O conector "${label}" é ferramenta do agente: a conta de serviço não pode ser preenchida pelo modelo.`,
        node_uid: node.uid,
      });
      continue;
    }
    if (name in manifest.params) continue;
    issues.push({
      level: 'error',
      code: 'param_type',
      message: `O conector "${label}" é ferramenta do agente com um parâmetro que ele não tem: ${name}.`,
      node_uid: node.uid,
    });
  }
  return issues;
}

function graphIssues(
  doc: FlowDocument,
  manifests: Map<FlowNode, NodeManifest | undefined>,
  labelOf: (node: FlowNode) => string,
): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const triggers = doc.nodes.filter((node) => manifests.get(node)?.category === 'trigger');
  if (!triggers.length) {
    issues.push({
      level: 'error',
      code: 'no_trigger',
      message: 'O fluxo não possui um conector de gatilho (trigger).',
    });
  } else if (triggers.every((node) => node.disabled)) {
    issues.push({
      level: 'warning',
      code: 'triggers_disabled',
      message: 'Todos os gatilhos do fluxo estão desativados: ele nunca será executado.',
    });
  }
  for (const trigger of triggers) {
    if (doc.edges.some((edge) => edge.target === trigger.uid)) {
      issues.push({
        level: 'error',
        code: 'trigger_incoming',
        message: `O gatilho "${labelOf(trigger)}" não pode receber conexões.`,
        node_uid: trigger.uid,
      });
    }
  }
  if (triggers.length) {
    const reached = new Set(triggers.map((node) => node.uid));
    const queue = [...reached];
    while (queue.length) {
      const uid = queue.shift()!;
      for (const edge of doc.edges) {
        if (edge.source === uid && !reached.has(edge.target)) {
          reached.add(edge.target);
          queue.push(edge.target);
        }
      }
    }
    for (const node of doc.nodes) {
      // An agent's tool runs when the agent calls it, not from the graph's edges.
      if (!reached.has(node.uid) && !node.agentTool) {
        issues.push({
          level: 'warning',
          code: 'unreachable',
          message: `O conector "${labelOf(node)}" não é alcançado a partir de nenhum gatilho.`,
          node_uid: node.uid,
        });
      }
    }
  }
  // Cycles are looked for without the loop and delay nodes: a cycle through one of them is
  // expected, and a cycle left once they are gone (inside a loop's body, say) is not.
  const byUid = new Map(doc.nodes.map((node) => [node.uid, node]));
  const breakers = new Set(
    doc.nodes.filter((node) => cycleBreakers.has(node.type)).map((node) => node.uid),
  );
  const withoutBreakers = {
    ...doc,
    nodes: doc.nodes.filter((node) => !breakers.has(node.uid)),
    edges: doc.edges.filter((edge) => !breakers.has(edge.source) && !breakers.has(edge.target)),
  };
  for (const cycle of findCycles(withoutBreakers)) {
    const names = cycle.map((uid) => `"${labelOf(byUid.get(uid)!)}"`).join(', ');
    issues.push({
      level: 'warning',
      code: 'cycle',
      message: `Os conectores ${names} formam um ciclo sem Loop nem Aguardar: o fluxo pode se repetir sem fim.`,
      node_uid: cycle[0]!,
    });
  }
  return issues;
}
