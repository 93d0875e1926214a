import { describe, expect, it } from 'vitest';
import { StopExecution } from '../../../kit/stop-execution';
import { runNode } from '../../../testing/run-node';
import { stopNode } from './stop.node.ts';

describe('core_stop', () => {
  it('ends the execution with success by default', async () => {
    const stop = await runNode(stopNode).catch((error: unknown) => error);
    expect(stop).toBeInstanceOf(StopExecution);
    expect(stop).toMatchObject({ status: 'success', message: 'Execução encerrada.' });
  });

  it('ends with an error carrying the resolved message', async () => {
    const stop = await runNode(stopNode, {
      params: { status: 'error', message: 'Pedido {{ msg.payload.id }} sem estoque' },
      input: { payload: { id: 7 } },
    }).catch((error: unknown) => error);
    expect(stop).toMatchObject({ status: 'error', message: 'Pedido 7 sem estoque' });
  });
});
