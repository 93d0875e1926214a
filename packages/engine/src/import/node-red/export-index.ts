import { isCanvasNode, text, wiresOf, type NrNode } from './node-red-export';

/** A Ponte flow to make: a tab, a subflow's definition, or nodes whose tab is missing. */
export interface Container {
  id: string;
  name: string;
  info: string;
  /** The subflow definition node (its `in` ports start the flow). */
  subflow?: NrNode;
  members: NrNode[];
  /** Config nodes reported with this flow (they become no node). */
  configs: NrNode[];
}

export interface ExportIndex {
  byId: Map<string, NrNode>;
  containers: Container[];
  tabOf(id: string): string | undefined;
  /** Link ins started as a flow: reached by a link out of another flow, or by any link call. */
  calledFromOutside: Set<string>;
}

const looseId = '';

function containerOf(node: NrNode, flows: Set<string>): string {
  const z = text(node.z);
  return flows.has(z) ? z : z || looseId;
}

function nameOf(id: string, definition: NrNode | undefined): string {
  if (definition?.type === 'tab') return text(definition.label).trim() || `Aba ${id}`;
  if (definition?.type === 'subflow') return `Subflow: ${text(definition.name).trim() || id}`;
  return id ? `Fluxo importado (${id})` : 'Nós sem aba';
}

/** Groups the export's nodes into flows, in the order the tabs come; config nodes aside. */
export function indexExport(nodes: NrNode[]): ExportIndex {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const definitions = nodes.filter((node) => node.type === 'tab' || node.type === 'subflow');
  const flows = new Set(definitions.map((node) => node.id));
  const containers = new Map<string, Container>();
  const open = (id: string) => {
    let container = containers.get(id);
    if (!container) {
      const definition = byId.get(id);
      container = {
        id,
        name: nameOf(id, definitions.includes(definition!) ? definition : undefined),
        info: text(definition?.info),
        ...(definition?.type === 'subflow' ? { subflow: definition } : {}),
        members: [],
        configs: [],
      };
      containers.set(id, container);
    }
    return container;
  };
  for (const definition of definitions) open(definition.id);
  const configs: NrNode[] = [];
  for (const node of nodes) {
    if (flows.has(node.id)) continue;
    if (!isCanvasNode(node)) configs.push(node);
    else open(containerOf(node, flows)).members.push(node);
  }
  const list = [...containers.values()];
  const tabOf = (id: string) => {
    const node = byId.get(id);
    return node ? containerOf(node, flows) : undefined;
  };
  for (const config of configs) {
    const user = list.find((container) =>
      container.members.some((member) => JSON.stringify(member).includes(`"${config.id}"`)),
    );
    (user ?? list[0] ?? open(looseId)).configs.push(config);
  }
  const calledFromOutside = new Set<string>();
  for (const node of nodes) {
    if (node.type !== 'link out' && node.type !== 'link call') continue;
    // A link call runs its link in as a subroutine, even in the same tab: a call of a flow.
    const calls = node.type === 'link call';
    for (const id of Array.isArray(node.links) ? (node.links as string[]) : []) {
      if (calls || tabOf(id) !== tabOf(node.id)) calledFromOutside.add(id);
    }
  }
  return { byId, containers: [...containers.values()], tabOf, calledFromOutside };
}

/** Original nodes reachable from `id`'s outputs, through links and junctions of its flow. */
export function downstreamOf(index: ExportIndex, id: string): NrNode[] {
  const seen = new Set<string>([id]);
  const queue = [id];
  const found: NrNode[] = [];
  while (queue.length) {
    const node = index.byId.get(queue.shift()!);
    if (!node) continue;
    const next = (node.wires ?? []).flatMap((_, port) => wiresOf(node, port));
    if (node.type === 'link out' || node.type === 'link call')
      next.push(...(Array.isArray(node.links) ? (node.links as string[]) : []));
    for (const target of next) {
      if (seen.has(target)) continue;
      seen.add(target);
      const reached = index.byId.get(target);
      if (reached) found.push(reached);
      queue.push(target);
    }
  }
  return found;
}
