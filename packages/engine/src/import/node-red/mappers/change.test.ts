import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../engine';
import { createFakePorts } from '../../../testing/fake-ports';
import { contextFor, runMapped } from '../test-context';
import { mapChange } from './change';

const engine = createEngine({ ports: createFakePorts(), limits: { maxSteps: 100 } });
afterAll(() => engine.dispose());

const change = (rules: Record<string, unknown>[]) =>
  mapChange(contextFor({ type: 'change', name: 'Mudar', rules }));
const sent = async (rules: Record<string, unknown>[], msg: Record<string, unknown>) =>
  (await runMapped(engine, change(rules), msg)).sent.saida_1?.[0];

describe('change → Definir valores (or a chain)', () => {
  it('sets several msg properties in one node when the values are constants', async () => {
    const rules = [
      { t: 'set', p: 'payload', pt: 'msg', to: 'Olá', tot: 'str' },
      { t: 'set', p: 'pedido.total', pt: 'msg', to: '10.5', tot: 'num' },
    ];
    const mapped = change(rules);
    expect(mapped.nodes.map((node) => node.type)).toEqual(['core_set']);
    expect(mapped.status).toBe('translated');
    expect(await sent(rules, { payload: 1 })).toEqual({ payload: 'Olá', pedido: { total: 10.5 } });
  });

  it('applies rules in order when a later one reads what an earlier one set', async () => {
    const rules = [
      { t: 'set', p: 'a', pt: 'msg', to: 'payload', tot: 'msg' },
      { t: 'set', p: 'payload', pt: 'msg', to: '$$.a & "!"', tot: 'jsonata' },
    ];
    const mapped = change(rules);
    expect(mapped.nodes).toHaveLength(2);
    expect(await sent(rules, { payload: 'x' })).toEqual({ payload: 'x!', a: 'x' });
  });

  it('deletes and moves properties', async () => {
    const rules = [
      { t: 'delete', p: 'topic', pt: 'msg' },
      { t: 'move', p: 'payload.velho', pt: 'msg', to: 'payload.novo', tot: 'msg' },
    ];
    expect(await sent(rules, { payload: { velho: 1 }, topic: 't' })).toEqual({
      payload: { novo: 1 },
    });
  });

  it('replaces every match in a text, and a whole value that equals', async () => {
    const text = [
      { t: 'change', p: 'payload', pt: 'msg', from: 'a.', fromt: 'str', to: 'X', tot: 'str' },
    ];
    expect(await sent(text, { payload: 'a.a.ab' })).toEqual({ payload: 'XXab' });
    const regex = [
      { t: 'change', p: 'payload', pt: 'msg', from: '\\d+', fromt: 're', to: '#', tot: 'str' },
    ];
    expect(await sent(regex, { payload: 'a1b22' })).toEqual({ payload: 'a#b#' });
    const number = [
      { t: 'change', p: 'payload', pt: 'msg', from: '5', fromt: 'num', to: 'cinco', tot: 'str' },
    ];
    expect(await sent(number, { payload: 5 })).toEqual({ payload: 'cinco' });
  });

  it('sets flow and global context in the flow data, and says they last one execution', () => {
    const mapped = change([{ t: 'set', p: 'contador', pt: 'global', to: '1', tot: 'num' }]);
    expect(mapped.nodes[0]!.params).toEqual({
      target: 'flow',
      values: [{ path: 'global.contador', value: 1 }],
    });
  });

  it('is a placeholder when a rule has no equivalent', () => {
    const mapped = change([{ t: 'set', p: 'payload', pt: 'msg', to: 'x', tot: 'bin' }]);
    expect(mapped.status).toBe('not_translated');
    expect(mapped.notes[0]).toMatch(/Regra 1/);
  });
});
