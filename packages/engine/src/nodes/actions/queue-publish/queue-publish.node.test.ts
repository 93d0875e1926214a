import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { runNode } from '../../../testing/run-node';
import { createFakePorts } from '../../../testing/fake-ports';
import { queuePublishNode } from './queue-publish.node.ts';

const m = messages.queues;

function portsWithQueue() {
  const ports = createFakePorts();
  ports.queues.add('q1', 'pedidos');
  return ports;
}

describe('core_queue_publish', () => {
  it('publishes msg.payload by default, keeping its type, and returns the job in msg.payload', async () => {
    const ports = portsWithQueue();
    const { emitted } = await runNode(queuePublishNode, {
      ports,
      input: { payload: { pedido: 7, itens: [1, 2] }, origem: 'webhook' },
      params: { queue: 'q1' },
    });
    expect(ports.queues.published).toMatchObject([
      { queue: 'q1', message: { pedido: 7, itens: [1, 2] }, delaySeconds: 0, dedupKey: null },
    ]);
    expect(emitted).toEqual([
      {
        output: 'default',
        msg: {
          payload: {
            job_id: 'job-1',
            queue: { _id: 'q1', name: 'pedidos' },
            run_at: new Date(ports.time).toISOString(),
          },
          origem: 'webhook',
        },
      },
    ]);
  });

  it('publishes what the message expression gives, with a delay and a dedup key', async () => {
    const ports = portsWithQueue();
    const { emitted } = await runNode(queuePublishNode, {
      ports,
      input: { payload: { pedido: { id: 42, total: 9.5 } } },
      params: {
        queue: 'q1',
        message: '{{ msg.payload.pedido.total }}',
        delay: '{{ 60 }}',
        dedup_key: 'pedido-{{ msg.payload.pedido.id }}',
      },
    });
    expect(ports.queues.published[0]).toMatchObject({
      message: 9.5,
      delaySeconds: 60,
      dedupKey: 'pedido-42',
    });
    expect(emitted[0]?.msg.payload).toMatchObject({
      run_at: new Date(ports.time + 60_000).toISOString(),
    });
  });

  it('fails with the pt-BR message of a duplicate key still waiting, publishing nothing more', async () => {
    const ports = portsWithQueue();
    const publish = () =>
      runNode(queuePublishNode, {
        ports,
        input: { payload: 'a' },
        params: { queue: 'q1', dedup_key: 'chave' },
      });
    await publish();
    await expect(publish()).rejects.toThrow(m.duplicate('chave'));
    expect(ports.queues.published).toHaveLength(1);
  });

  it('fails on a missing queue, a delay out of range, and a missing queue param', async () => {
    const ports = portsWithQueue();
    await expect(runNode(queuePublishNode, { ports, params: { queue: 'outra' } })).rejects.toThrow(
      m.notFound,
    );
    for (const delay of [-1, 1.5, 30 * 86_400 + 1, '{{ -5 }}'])
      await expect(
        runNode(queuePublishNode, { ports, params: { queue: 'q1', delay } }),
      ).rejects.toThrow(m.delayInvalid);
    await expect(runNode(queuePublishNode, { ports })).rejects.toThrow(
      'O parâmetro obrigatório "Fila" (queue) não foi preenchido.',
    );
    expect(ports.queues.published).toHaveLength(0);
  });

  it('refuses on save a plain delay out of range, not an expression', () => {
    const check = queuePublishNode.checkParams!;
    expect(check({ queue: 'q1', delay: 30 * 86_400 + 1 })).toBe(m.delayInvalid);
    expect(check({ queue: 'q1', delay: '{{ msg.payload.espera }}' })).toBeNull();
    expect(check({ queue: 'q1', delay: 30 })).toBeNull();
  });
});
