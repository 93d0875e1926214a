import { describe, expect, it } from 'vitest';
import { createFakePorts } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { delayNode } from './delay.node.ts';

describe('core_delay', () => {
  it('sleeps through the clock port for amount × unit, then passes the message on', async () => {
    const ports = createFakePorts();
    const before = ports.time;
    const input = { payload: 'x' };
    const { emitted } = await runNode(delayNode, {
      params: { amount: 2, unit: 'min' },
      input,
      ports,
    });
    expect(ports.time - before).toBe(120_000);
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
  });

  it('defaults to seconds and accepts an expression for the amount', async () => {
    const ports = createFakePorts();
    const before = ports.time;
    await runNode(delayNode, {
      params: { amount: '{{ msg.payload.espera }}' },
      input: { payload: { espera: 3 } },
      ports,
    });
    expect(ports.time - before).toBe(3000);
  });

  it('stops at once when the execution is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('Execução interrompida.'));
    await expect(
      runNode(delayNode, { params: { amount: 10, unit: 'h' }, signal: controller.signal }),
    ).rejects.toThrow('Execução interrompida.');
  });

  it('refuses a negative amount', async () => {
    await expect(runNode(delayNode, { params: { amount: -1 } })).rejects.toThrow(
      'O parâmetro "amount" deve ser no mínimo 0.',
    );
  });

  it('refuses a wait beyond 30 days, also when it comes from an expression', async () => {
    await expect(runNode(delayNode, { params: { amount: 1e20, unit: 's' } })).rejects.toThrow(
      'O tempo de espera deve ser de no máximo 30 dias.',
    );
    await expect(
      runNode(delayNode, {
        params: { amount: '{{ msg.payload.espera }}', unit: 'h' },
        input: { payload: { espera: 721 } },
      }),
    ).rejects.toThrow('no máximo 30 dias');
    const ports = createFakePorts();
    const before = ports.time;
    await runNode(delayNode, { params: { amount: 720, unit: 'h' }, ports });
    expect(ports.time - before).toBe(30 * 86_400_000);
  });
});
