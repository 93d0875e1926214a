import { describe, expect, it } from 'vitest';
import { connect } from './flow-operations';
import { addNodeAfter, freeOutputs, outputToFollow } from './flow-follow';
import { flow, lookup, node } from './flow-test-fixtures';

const base = flow(
  [
    node('t', 'core_manual_trigger'),
    node('c', 'core_condition'),
    node('h', 'core_http_request', { url: 'x' }),
  ],
  [
    ['t', 'c'],
    ['c', 'h', 'true'],
  ],
);

describe('following a node', () => {
  it('follows a node from its first free output, else its first output, never from error', () => {
    // c: Condição (true/false); its true output already leads to h.
    expect(freeOutputs(base, 'c', lookup)).toEqual(['false']);
    expect(outputToFollow(base, 'c', lookup)).toBe('false');
    const both = connect(base, { source: 'c', sourceOutput: 'false', target: 'h' });
    expect(freeOutputs(both, 'c', lookup)).toEqual([]);
    expect(outputToFollow(both, 'c', lookup)).toBe('true');
    // An edge from `error` leaves the side outputs free; error is never offered.
    const failing = connect(base, { source: 'h', sourceOutput: 'error', target: 't' });
    expect(freeOutputs(failing, 'h', lookup)).toEqual(['default']);
    // A Switch's outputs come from its rules.
    const routed = flow([node('s', 'core_switch', { rules: [{ output: 'pix' }, { output: '' }] })]);
    expect(freeOutputs(routed, 's', lookup)).toEqual(['default', 'pix']);
    expect(outputToFollow(routed, 'nada', lookup)).toBeUndefined();
    expect(outputToFollow(flow([node('x', 'core_unknown')]), 'x', lookup)).toBeUndefined();
  });

  it('adds a node after another in one edit: the node and the edge to it', () => {
    const after = addNodeAfter(
      base,
      node('l', 'core_log'),
      { source: 'c', sourceOutput: 'false' },
      lookup,
    );
    expect(after.nodes.map((n) => n.uid)).toEqual(['t', 'c', 'h', 'l']);
    expect(after.edges.slice(base.edges.length)).toEqual([
      { id: 'c:false->l', source: 'c', sourceOutput: 'false', target: 'l' },
    ]);
    // A trigger takes no input: it is added, not connected.
    const trigger = addNodeAfter(
      base,
      node('t2', 'core_manual_trigger'),
      { source: 'h', sourceOutput: 'default' },
      lookup,
    );
    expect(trigger.nodes.map((n) => n.uid)).toEqual(['t', 'c', 'h', 't2']);
    expect(trigger.edges).toEqual(base.edges);
    // A uid already taken changes nothing.
    const taken = addNodeAfter(
      base,
      node('h', 'core_log'),
      { source: 'c', sourceOutput: 'false' },
      lookup,
    );
    expect(taken).toBe(base);
  });
});
