import type {
  FlowDocument,
  FlowEdge,
  FlowPins,
  PinnedItem,
} from '@ponte/shared/flow/flow-document.schema';
import type { ExecutionError } from './events';

/** The execution starts at a node that neither is the chosen one nor leads to it. */
export const unreachableDestinationMessage =
  'O conector escolhido não é alcançado a partir de onde a execução começa.';

/**
 * What an editor run may do (docs/adr/0089): 'Executar até aqui' runs the chosen node
 * (`destination`) and the nodes from which it can be reached, and nothing after it; a node with
 * pins sends them instead of running. Production executions never build one.
 */
export interface EditorScope {
  /** Refuses a run whose first node cannot lead to the destination. */
  refusal(firstUid: string): ExecutionError | undefined;
  /** The edges of `source` whose messages are delivered: none from the destination, none to a node that does not lead to it. */
  delivered(source: string, edges: readonly FlowEdge[]): readonly FlowEdge[];
  /** The pinned items a node sends instead of running, when it has some. */
  pinsOf(uid: string): readonly PinnedItem[] | undefined;
}

export function createEditorScope(
  flow: FlowDocument,
  editor: { destination: string; pins?: FlowPins },
): EditorScope {
  const { destination } = editor;
  const leading = ancestorsOf(flow, destination);
  const known = flow.nodes.some((node) => node.uid === destination);
  return {
    refusal: (firstUid) =>
      known && (firstUid === destination || leading.has(firstUid))
        ? undefined
        : { message: unreachableDestinationMessage },
    delivered: (source, edges) =>
      source === destination
        ? []
        : edges.filter(({ target }) => target === destination || leading.has(target)),
    pinsOf: (uid) => {
      const pins = editor.pins?.[uid];
      return pins?.length ? pins : undefined;
    },
  };
}

/** Every node from which `uid` can be reached along edges (not `uid` itself, unless on a cycle). */
function ancestorsOf(flow: FlowDocument, uid: string): Set<string> {
  const sources = new Map<string, string[]>();
  for (const { source, target } of flow.edges) {
    sources.set(target, [...(sources.get(target) ?? []), source]);
  }
  const found = new Set<string>();
  const queue = [uid];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const source of sources.get(next) ?? []) {
      if (found.has(source)) continue;
      found.add(source);
      queue.push(source);
    }
  }
  return found;
}
