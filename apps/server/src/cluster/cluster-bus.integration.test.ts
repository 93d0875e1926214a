import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../test/until';
import { createLocalBus, type ClusterBus } from './cluster-bus';
import { createRedisBus } from './redis-bus';

const redisUrl = process.env.PONTE_TEST_REDIS_URL;
if (!redisUrl) {
  console.warn('Barramento entre processos: PONTE_TEST_REDIS_URL ausente, testes Redis ignorados.');
}

describe('local bus', () => {
  it("runs this process's handlers, awaited, and a direct message only for this process", async () => {
    const bus = createLocalBus();
    const seen: unknown[] = [];
    bus.subscribe('flow-changed', async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(message);
    });
    await bus.publish('flow-changed', { flowId: 'f1' });
    expect(seen).toEqual([{ flowId: 'f1' }]);
    await bus.send('outro-processo', 'flow-changed', { flowId: 'f2' });
    await bus.send(bus.processId, 'flow-changed', { flowId: 'f3' });
    expect(seen).toEqual([{ flowId: 'f1' }, { flowId: 'f3' }]);
  });

  it('reports a failing handler without failing the publisher or the other handlers', async () => {
    const errors: string[] = [];
    const bus = createLocalBus({ onError: (_error, channel) => errors.push(channel) });
    const seen: string[] = [];
    bus.subscribe('c', () => {
      throw new Error('falhou');
    });
    bus.subscribe('c', () => void seen.push('ok'));
    await bus.publish('c', {});
    expect(seen).toEqual(['ok']);
    expect(errors).toEqual(['c']);
  });
});

describe.skipIf(!redisUrl)('redis bus', () => {
  const prefix = `ponte-teste-${randomUUID()}`;
  const buses: ClusterBus[] = [];
  const open = async () => {
    const bus = createRedisBus({ url: redisUrl!, prefix });
    buses.push(bus);
    await bus.start();
    return bus;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('reaches every process once, the publisher at once and without its own echo', async () => {
    const [a, b, c] = [await open(), await open(), await open()];
    const seen: string[] = [];
    for (const [name, bus] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const)
      bus.subscribe(
        'flow-changed',
        (message, from) =>
          void seen.push(
            `${name}:${(message as { flowId: string }).flowId}:${from === a.processId}`,
          ),
      );
    await a.publish('flow-changed', { flowId: 'f1' });
    expect(seen[0]).toBe('a:f1:true'); // handled here before publish resolved
    await until(() => seen.length === 3, 'os outros processos receberem');
    // A later message proves no echo of the first reached a a second time.
    await a.publish('flow-changed', { flowId: 'f2' });
    await until(() => seen.length === 6, 'a segunda mensagem');
    expect(seen.filter((line) => line.startsWith('a:'))).toEqual(['a:f1:true', 'a:f2:true']);
    expect(seen.sort()).toEqual(
      ['a:f1:true', 'a:f2:true', 'b:f1:true', 'b:f2:true', 'c:f1:true', 'c:f2:true'].sort(),
    );
  });

  it('sends a direct message only to the named process', async () => {
    const [a, b, c] = [await open(), await open(), await open()];
    const seen: string[] = [];
    b.subscribe('execution-stop', () => void seen.push('b'));
    c.subscribe('execution-stop', () => void seen.push('c'));
    await a.send(c.processId, 'execution-stop', { executionId: 'e1' });
    await until(() => seen.length === 1, 'o processo c receber');
    await a.publish('execution-stop', { executionId: 'e2' });
    await until(() => seen.length === 3, 'todos receberem a segunda');
    expect(seen.slice(0, 1)).toEqual(['c']);
  });

  it('keeps its own prefix: another instance on the same Redis hears nothing', async () => {
    const a = await open();
    const other = createRedisBus({ url: redisUrl!, prefix: `${prefix}-outra` });
    buses.push(other);
    await other.start();
    const heard: unknown[] = [];
    other.subscribe('flow-changed', (message) => void heard.push(message));
    const b = await open();
    const inB: unknown[] = [];
    b.subscribe('flow-changed', (message) => void inB.push(message));
    await a.publish('flow-changed', { flowId: 'f1' });
    await until(() => inB.length === 1, 'o mesmo prefixo receber');
    expect(heard).toEqual([]);
  });
});
