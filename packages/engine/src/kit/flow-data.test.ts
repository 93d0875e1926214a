import { afterAll, describe, expect, it } from 'vitest';
import { codeNode } from '../nodes/actions/code/code.node';
import { setNode } from '../nodes/actions/set/set.node';
import { memoryLimits } from '../ports';
import { createIsolatedSandbox } from '../sandbox/isolated-sandbox';
import { measureMemory } from '../testing/memory';
import { runNode } from '../testing/run-node';
import { createFlowData, flowDataMessages } from './flow-data';

const megabyte = 1024 * 1024;
const text = (bytes: number) => 'x'.repeat(bytes);

describe('flow data limits', () => {
  it('refuses a write past the size limit, keeping what was there', () => {
    const flow = createFlowData({});
    flow.set('pedido.itens', [{ sku: 'A1', obs: text(600 * 1024) }]);
    expect(() => flow.set('pedido.resumo', text(500 * 1024))).toThrow(
      'Os dados do flow passariam do limite de 1 MB: o valor de "pedido.resumo" não foi gravado.',
    );
    expect(flow.get('pedido.resumo')).toBeUndefined();
    expect(flow.get('pedido.itens.0.sku')).toBe('A1');
    // Replacing a value gives its room back: the same key can be rewritten any number of times.
    for (let round = 0; round < 50; round++) flow.set('pedido.itens', [text(600 * 1024)]);
    flow.set('pedido.itens', 'enviado');
    flow.set('pedido.resumo', text(900 * 1024));
    expect(JSON.stringify(flow.snapshot()).length).toBeLessThanOrEqual(memoryLimits.flowDataBytes);
  });

  it('counts a path that replaces a value on the way, and array items past the end', () => {
    const flow = createFlowData({});
    flow.set('a', text(900 * 1024));
    // `a` becomes an object: its text is gone, and the new value fits.
    flow.set('a.b', text(900 * 1024));
    expect(typeof flow.get('a')).toBe('object');
    flow.set('lista', []);
    expect(() => flow.set('lista.4294967294', 1)).toThrow(
      flowDataMessages.bytes('lista.4294967294'),
    );
    expect(flow.get('lista')).toEqual([]);
  });

  it('refuses more keys than the limit, counted at every level, and keys that are too long', () => {
    const flow = createFlowData({});
    const many = Object.fromEntries(
      Array.from({ length: memoryLimits.flowDataKeys - 1 }, (_, i) => [`k${i}`, 0]),
    );
    flow.set('muitas', many);
    expect(() => flow.set('outra', { x: 1 })).toThrow(
      'Os dados do flow passariam do limite de 10.000 chaves: o valor de "outra" não foi gravado.',
    );
    flow.set('muitas', {});
    flow.set('outra', { x: 1 });
    const long = 'c'.repeat(memoryLimits.flowDataKeyChars + 1);
    const refusal = `Uma chave dos dados do flow passa do limite de 200 caracteres: "${'c'.repeat(60)}…".`;
    expect(() => flow.set(long, 1)).toThrow(refusal);
    expect(() => flow.set('ok', { [long]: 1 })).toThrow(refusal);
    expect(() => flow.set('ok', [{ fundo: { [long]: 1 } }])).toThrow(refusal);
    expect(() => flow.set('a.'.repeat(500) + 'b', 1)).toThrow(
      'Um caminho dos dados do flow passa do limite de 1.000 caracteres.',
    );
    expect(flow.get('ok')).toBeUndefined();
  });

  it('stores a copy: changing the written object later does not change the flow data', () => {
    const flow = createFlowData({});
    const value = { itens: [1] };
    flow.set('pedido', value);
    value.itens.push(...Array.from({ length: 100_000 }, () => 2));
    expect(flow.get('pedido')).toEqual({ itens: [1] });
  });

  it('applies to the Set node: the node fails with the limit named', async () => {
    const big = text(700 * 1024);
    await expect(
      runNode(setNode, {
        input: { payload: { big } },
        params: {
          target: 'flow',
          values: [
            { path: 'um', value: '{{ msg.payload.big }}' },
            { path: 'dois', value: '{{ msg.payload.big }}' },
          ],
        },
      }),
    ).rejects.toThrow(flowDataMessages.bytes('dois'));
  });

  describe('from user code', () => {
    const sandbox = createIsolatedSandbox({ limits: { timeoutMs: 20_000, memoryMb: 64 } });
    afterAll(() => sandbox.dispose());

    it('throws into the code, and the server keeps within its budget (1 GB asked)', async () => {
      // Unbounded, these writes would keep 1 GB of text in the server's memory.
      const code = `const bloco = 'x'.repeat(${megabyte / 2});
        for (let i = 0; i < 2048; i++) setFlowData('lote.' + i, bloco + i);`;
      const { outcome, grewBy, held } = await measureMemory(() =>
        runNode(codeNode, { sandbox, params: { code } }),
      );
      expect(grewBy).toBeLessThan(200 * megabyte);
      expect(held).toBeLessThan(200 * megabyte);
      expect(outcome).toEqual({ error: 'Erro no código: ' + flowDataMessages.bytes('lote.1') });
      // The code may catch the refusal and go on.
      const caught = await runNode(codeNode, {
        sandbox,
        params: {
          code: `try { setFlowData('x', 'x'.repeat(${2 * megabyte})); } catch (e) { return { payload: e.message }; }`,
        },
      });
      expect(caught.emitted[0]?.msg).toEqual({ payload: flowDataMessages.bytes('x') });
    }, 60_000);
  });
});
