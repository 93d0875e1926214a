import { describe, expect, it } from 'vitest';
import { upstreamOf } from './flow-graph';
import {
  duplicateNodes,
  insertDocument,
  pinnedNodes,
  removeNode,
  setNodePins,
} from './flow-operations';
import { flow, node } from './flow-test-fixtures';

const base = flow(
  [
    node('t', 'core_manual_trigger'),
    node('w', 'core_webhook_trigger'),
    node('c', 'core_condition'),
    node('h', 'core_http_request', { url: 'x' }),
    node('l', 'core_log'),
  ],
  [
    ['t', 'c'],
    ['w', 'c'],
    ['c', 'h', 'true'],
  ],
);
const item = { output: 'default', msg: { payload: { id: 1 } } };

describe('pins in the flow document', () => {
  it('pins and unpins a node without touching the original document', () => {
    const pinned = setNodePins(base, 'c', [item]);
    expect(pinned.pins).toEqual({ c: [item] });
    expect(base.pins).toBeUndefined();
    expect(pinnedNodes(pinned).map((each) => each.uid)).toEqual(['c']);
    const unpinned = setNodePins(pinned, 'c', null);
    expect(unpinned).not.toHaveProperty('pins');
    expect(setNodePins(base, 'c', [])).toBe(base);
    expect(setNodePins(base, 'ghost', [item])).toBe(base);
  });

  it('removing a node drops its pins and keeps the others', () => {
    const pinned = setNodePins(setNodePins(base, 'c', [item]), 'h', [item]);
    expect(removeNode(pinned, 'c').pins).toEqual({ h: [item] });
    expect(removeNode(removeNode(pinned, 'c'), 'h')).not.toHaveProperty('pins');
  });

  it('duplicating or pasting nodes does not copy their pins', () => {
    const pinned = setNodePins(base, 'c', [item]);
    let next = 0;
    const duplicated = duplicateNodes(pinned, ['c'], () => `copia${++next}`);
    expect(duplicated.doc.pins).toEqual({ c: [item] });
    const pasted = insertDocument(base, pinned, { x: 0, y: 0 }, () => `colado${++next}`);
    expect(pasted.doc).not.toHaveProperty('pins');
  });

  it('an imported file keeps its pins under the new uids', () => {
    const file = setNodePins(flow([node('a', 'core_log'), node('b', 'core_log')]), 'b', [item]);
    let next = 0;
    const result = insertDocument(base, file, { x: 0, y: 0 }, () => `n${++next}`, {
      keepPins: true,
    });
    expect(result.uids).toEqual(['n1', 'n2']);
    expect(result.doc.pins).toEqual({ n2: [item] });
  });
});

describe('upstreamOf', () => {
  it('lists every node a message can come from, in document order', () => {
    expect(upstreamOf(base, 'h')).toEqual(['t', 'w', 'c', 'h']);
    expect(upstreamOf(base, 't')).toEqual(['t']);
    expect(upstreamOf(base, 'l')).toEqual(['l']);
    expect(upstreamOf(base, 'ghost')).toEqual([]);
  });

  it('stops on loops', () => {
    const looping = flow(
      [node('t', 'core_manual_trigger'), node('a', 'core_log'), node('b', 'core_log')],
      [
        ['t', 'a'],
        ['a', 'b'],
        ['b', 'a'],
      ],
    );
    expect(upstreamOf(looping, 'b')).toEqual(['t', 'a', 'b']);
  });
});
