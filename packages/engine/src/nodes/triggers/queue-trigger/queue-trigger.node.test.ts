import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import { queueTriggerNode } from './queue-trigger.node.ts';

describe('core_queue_trigger', () => {
  it('is a trigger that passes the message the server built on, untouched', async () => {
    const input = { payload: { pedido: 1 }, queue: { _id: 'q1' } };
    const { emitted } = await runNode(queueTriggerNode, {
      params: { queue: 'q1' },
      input: structuredClone(input),
    });
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
    expect(queueTriggerNode.manifest.category).toBe('trigger');
  });

  it('requires its queue', async () => {
    await expect(runNode(queueTriggerNode, {})).rejects.toThrow(
      'O parâmetro obrigatório "Fila" (queue) não foi preenchido.',
    );
  });
});
