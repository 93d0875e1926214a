import { describe, expect, it } from 'vitest';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { breakpointHolds } from './hold-for-debug';

const node = (breakpointCondition: string) =>
  ({
    uid: 'a',
    type: 'core_set',
    params: {},
    position: { x: 0, y: 0 },
    breakpoint: true,
    breakpointCondition,
  }) as FlowNode;
const data = { msg: { payload: { texto: `${'a'.repeat(40)}!` } }, flow: {}, vars: {} };

describe('breakpoint conditions', () => {
  it('go through the bounded evaluator: linear regexes, and a breach holds the breakpoint', async () => {
    expect(await breakpointHolds(node('$contains(msg.payload.texto, /(a+)+$/)'), data)).toBe(false);
    expect(await breakpointHolds(node('$contains(msg.payload.texto, /a+!$/)'), data)).toBe(true);
    // Over a limit, the condition cannot be evaluated: the breakpoint is never silently skipped.
    expect(await breakpointHolds(node('$count([1..2000000]) = 0'), data)).toBe(true);
  });
});
