import type { FlowEdge, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { Container, ExportIndex } from './export-index';
import type { MappedNode } from './mapped-node';
import { wiresOf, type NrNode } from './node-red-export';

const triggerTypes = new Set([
  'core_manual_trigger',
  'core_webhook_trigger',
  'core_schedule_trigger',
  'core_flow_trigger',
]);

/** Edges of one flow: wires resolved through junctions and links of the same flow. */
export class Wiring {
  private count = 0;

  constructor(
    private readonly index: ExportIndex,
    private readonly mapped: Map<string, MappedNode>,
  ) {}

  /** The Ponte nodes a wire to these originals reaches (a join is followed through). */
  entries(ids: string[], seen = new Set<string>()): string[] {
    const found: string[] = [];
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      const node = this.index.byId.get(id);
      const entry = this.mapped.get(id);
      if (!node || !entry) continue;
      if (entry.input) found.push(entry.input);
      if (node.type === 'junction' || node.type === 'link in') {
        found.push(...this.entries(wiresOf(node, 0), seen));
      } else if (node.type === 'link out') {
        const links = Array.isArray(node.links) ? (node.links as string[]) : [];
        const here = this.index.tabOf(id);
        found.push(
          ...this.entries(
            links.filter((link) => this.index.tabOf(link) === here),
            seen,
          ),
        );
      }
    }
    return [...new Set(found)];
  }

  add(edges: FlowEdge[], source: string, sourceOutput: string, target: string): void {
    if (
      edges.some(
        (e) => e.source === source && e.sourceOutput === sourceOutput && e.target === target,
      )
    )
      return;
    edges.push({ id: `e${++this.count}`, source, sourceOutput, target });
  }

  /** A subflow's input port: 'Chamado por outro flow' wired to what the port fed. */
  subflowStart(subflow: NrNode, nodes: FlowNode[], edges: FlowEdge[]): string | null {
    const ports = Array.isArray(subflow.in)
      ? (subflow.in as { x?: number; y?: number; wires?: { id: string }[] }[])
      : [];
    const port = ports[0];
    if (!port) return null;
    const uid = `${subflow.id.slice(0, 80)}-entrada`;
    nodes.unshift({
      uid,
      type: 'core_flow_trigger',
      typeVersion: 1,
      label: 'Entrada do subflow',
      position: { x: port.x ?? 0, y: port.y ?? 0 },
      params: {},
    });
    for (const target of this.entries((port.wires ?? []).map((wire) => wire.id)))
      this.add(edges, uid, 'default', target);
    return 'Feito de um subflow do Node-RED: começa em "Entrada do subflow", chamado pelas instâncias; o resultado é a mensagem do último conector.';
  }
}

/** Each catch: edges from the `error` output of the nodes it watched to what it fed. */
export function catchEdges(
  container: Container,
  mapped: Map<string, MappedNode>,
  wiring: Wiring,
): { source: string; sourceOutput: string; target: string }[] {
  const edges: { source: string; sourceOutput: string; target: string }[] = [];
  for (const node of container.members.filter((member) => member.type === 'catch')) {
    const scope = Array.isArray(node.scope)
      ? (node.scope as string[])
      : container.members.filter((member) => member.type !== 'catch').map((member) => member.id);
    const targets = wiring.entries(wiresOf(node, 0));
    for (const id of scope) {
      for (const source of mapped.get(id)?.errorFrom ?? []) {
        for (const target of targets) edges.push({ source, sourceOutput: 'error', target });
      }
    }
  }
  return edges;
}

/**
 * A flow with no trigger (its start was a node Ponte has not, or it is reached by links
 * only): a 'Manual Trigger' wired to the nodes nothing reaches, so it can be run and checked.
 */
export function addStartIfNone(id: string, nodes: FlowNode[], edges: FlowEdge[]): string | null {
  if (nodes.some((node) => triggerTypes.has(node.type))) return null;
  const reached = new Set(edges.map((edge) => edge.target));
  const heads = nodes.filter((node) => !reached.has(node.uid));
  const x = Math.min(0, ...nodes.map((node) => node.position.x)) - 160;
  const y = heads[0]?.position.y ?? 0;
  const uid = `${id.slice(0, 80) || 'fluxo'}-inicio`;
  nodes.unshift({
    uid,
    type: 'core_manual_trigger',
    typeVersion: 1,
    label: 'Início (importado)',
    position: { x, y },
    params: { description: '', fields: [] },
  });
  for (const [at, head] of heads.entries())
    edges.push({ id: `inicio${at + 1}`, source: uid, sourceOutput: 'default', target: head.uid });
  return 'O flow original não tinha um gatilho que o Ponte tenha: foi adicionado "Início (importado)", ligado aos nós sem entrada, para executá-lo manualmente.';
}
