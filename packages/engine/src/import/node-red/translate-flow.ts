import { spreadPositions } from '../layout';
import type { FlowEdge, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { ImportAccountNeed, ImportedFlow, NodeImportReport } from '../import-result';
import { downstreamOf, type Container, type ExportIndex } from './export-index';
import { originalName, ponteUid, type MapContext, type MappedNode } from './mapped-node';
import { mapLinkIn } from './mappers/links';
import { mapNode } from './node-mappers';
import { wiresOf, type NrNode } from './node-red-export';
import { flowNotesHtml } from './notes-html';
import { addStartIfNone, catchEdges, Wiring } from './wiring';

/** Types that become notes or joins, never a node of their own. */
const noteTypes = new Set(['comment', 'group']);

function mapMember(node: NrNode, index: ExportIndex): MappedNode {
  const ctx: MapContext = {
    node,
    uid: ponteUid(node.id),
    byId: index.byId,
    downstream: (id) => downstreamOf(index, id),
    tabOf: index.tabOf,
  };
  if (node.type === 'link in') return mapLinkIn(ctx, index.calledFromOutside.has(node.id));
  if (node.type === 'junction' || node.type === 'catch') {
    const notes =
      node.type === 'catch'
        ? [
            'Virou conexões da saída de erro dos nós que ele vigiava: msg.error traz {message, node_uid} (no Node-RED, {message, source}).',
          ]
        : [];
    return {
      status: node.type === 'catch' ? 'adapted' : 'translated',
      notes,
      nodes: [],
      input: null,
      outputs: [],
      errorFrom: [],
    };
  }
  return mapNode(ctx);
}

function reportOf(node: NrNode, mapped: MappedNode | undefined): NodeImportReport {
  const base = { original_name: originalName(node), original_type: node.type };
  if (!mapped) {
    const notes =
      node.type === 'comment'
        ? ['Foi para as notas do flow.']
        : ['Grupo desfeito: seus nós ficaram no fluxo e o nome foi para as notas.'];
    return { ...base, status: 'translated', notes };
  }
  const uid = mapped.nodes[0]?.uid;
  return { ...base, status: mapped.status, ...(uid ? { node_uid: uid } : {}), notes: mapped.notes };
}

function configReport(node: NrNode): NodeImportReport {
  return {
    original_name: originalName(node),
    original_type: node.type,
    status: 'not_translated',
    notes: [
      'Nó de configuração do Node-RED: não vira conector. Refaça a configuração no Ponte (uma conta de serviço, se for o caso).',
    ],
  };
}

/** One Ponte flow from a tab (or a subflow, or nodes without a tab), with its report. */
export function translateFlow(container: Container, index: ExportIndex): ImportedFlow {
  const mapped = new Map<string, MappedNode>();
  for (const node of container.members) {
    if (!noteTypes.has(node.type)) mapped.set(node.id, mapMember(node, index));
  }
  const nodes: FlowNode[] = [...mapped.values()].flatMap((entry) => entry.nodes);
  const wiring = new Wiring(index, mapped);
  const edges: FlowEdge[] = [];
  const add = (source: string, sourceOutput: string, target: string) =>
    wiring.add(edges, source, sourceOutput, target);
  for (const [id, entry] of mapped) {
    const node = index.byId.get(id)!;
    for (const edge of entry.edges ?? []) add(edge.source, edge.sourceOutput, edge.target);
    entry.outputs.forEach((endpoint, port) => {
      if (!endpoint) return;
      const targets = node.type === 'link in' ? wiresOf(node, 0) : wiresOf(node, port);
      for (const target of wiring.entries(targets)) add(endpoint.uid, endpoint.output, target);
    });
  }
  for (const edge of catchEdges(container, mapped, wiring))
    add(edge.source, edge.sourceOutput, edge.target);
  const importNotes: string[] = [];
  const subflowStart = container.subflow
    ? wiring.subflowStart(container.subflow, nodes, edges)
    : null;
  if (subflowStart) importNotes.push(subflowStart);
  const added = addStartIfNone(container.id, nodes, edges);
  // Node-RED's boxes are smaller than Ponte's cards: more room, and no card over another.
  spreadPositions(nodes, { x: 1.5, y: 1.5 });
  if (added) importNotes.push(added);
  const report = container.members.map((node) => reportOf(node, mapped.get(node.id)));
  report.push(...container.configs.map(configReport));
  return {
    name: container.name.slice(0, 200),
    description: flowNotesHtml({
      info: container.info,
      comments: container.members.filter((node) => node.type === 'comment'),
      groups: container.members.filter((node) => node.type === 'group'),
      importNotes,
    }),
    data: { version: 1, nodes, edges },
    report,
    accounts: accountsOf([...mapped.values()]),
    ...(container.id ? { source_id: container.id } : {}),
    flow_refs: [...mapped.values()].flatMap((entry) => (entry.flowRef ? [entry.flowRef] : [])),
  };
}

function accountsOf(entries: MappedNode[]): ImportAccountNeed[] {
  return entries.flatMap((entry) => {
    if (!entry.account) return [];
    const { node_uid, ...need } = entry.account;
    return [{ ...need, node_uids: [node_uid] }];
  });
}
