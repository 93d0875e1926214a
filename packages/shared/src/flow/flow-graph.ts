import type { FlowDocument } from './flow-document.schema';

/**
 * The cycles of the graph, one per strongly connected component that loops (Tarjan), each as
 * the uids of its nodes in document order. A node connected to itself is a cycle of one.
 */
export function findCycles(doc: FlowDocument): string[][] {
  const known = new Set(doc.nodes.map((node) => node.uid));
  const next = new Map<string, string[]>();
  for (const edge of doc.edges) {
    if (!known.has(edge.source) || !known.has(edge.target)) continue;
    next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;

  // Iterative Tarjan: flows may be long chains, recursion could overflow.
  for (const start of known) {
    if (index.has(start)) continue;
    const work: { uid: string; edge: number }[] = [{ uid: start, edge: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work.at(-1)!;
      const targets = next.get(frame.uid) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ uid: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.uid, Math.min(low.get(frame.uid)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.uid, Math.min(low.get(parent.uid)!, low.get(frame.uid)!));
      if (low.get(frame.uid) === index.get(frame.uid)) {
        const component: string[] = [];
        let uid: string;
        do {
          uid = stack.pop()!;
          onStack.delete(uid);
          component.push(uid);
        } while (uid !== frame.uid);
        const loops = component.length > 1 || (next.get(uid) ?? []).includes(uid);
        if (loops) components.push(component);
      }
    }
  }
  const order = new Map(doc.nodes.map((node, position) => [node.uid, position]));
  return components
    .map((component) => component.sort((a, b) => order.get(a)! - order.get(b)!))
    .sort((a, b) => order.get(a[0]!)! - order.get(b[0]!)!);
}

/**
 * The nodes a message can come from on its way to `uid` (following edges backwards), `uid`
 * included, in document order. Empty when `uid` is not in the document.
 */
export function upstreamOf(doc: FlowDocument, uid: string): string[] {
  if (!doc.nodes.some((node) => node.uid === uid)) return [];
  const previous = new Map<string, string[]>();
  for (const edge of doc.edges) {
    previous.set(edge.target, [...(previous.get(edge.target) ?? []), edge.source]);
  }
  const reached = new Set([uid]);
  const work = [uid];
  while (work.length) {
    for (const source of previous.get(work.pop()!) ?? []) {
      if (reached.has(source)) continue;
      reached.add(source);
      work.push(source);
    }
  }
  return doc.nodes.filter((node) => reached.has(node.uid)).map((node) => node.uid);
}
