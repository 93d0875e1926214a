import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import { errorTriggerNode } from './error-trigger.node.ts';

describe('core_error_trigger', () => {
  it('is a trigger that passes the message the server built on, untouched', async () => {
    const input = {
      payload: { error: { message: 'Falhou', node_uid: 'n2' }, execution_id: 'e1', flow_id: 'f9' },
    };
    const { emitted } = await runNode(errorTriggerNode, {
      params: {},
      input: structuredClone(input),
    });
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
    expect(errorTriggerNode.manifest.category).toBe('trigger');
  });
});
