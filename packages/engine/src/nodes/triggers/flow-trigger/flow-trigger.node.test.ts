import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import { flowTriggerNode } from './flow-trigger.node.ts';

describe('core_flow_trigger', () => {
  it('is a trigger that passes the message the server built on, untouched', async () => {
    const input = { payload: [1, 2], caller: { flow_id: 'a', execution_id: 'e' } };
    const { emitted } = await runNode(flowTriggerNode, {
      params: {},
      input: structuredClone(input),
    });
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
    expect(flowTriggerNode.manifest.category).toBe('trigger');
  });
});
