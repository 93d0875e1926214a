import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../engine';
import { createFakePorts } from '../../../testing/fake-ports';
import { contextFor, runMapped } from '../test-context';
import { mapFunction } from './function';

const engine = createEngine({ ports: createFakePorts(), limits: { maxSteps: 100 } });
afterAll(() => engine.dispose());

const fn = (func: string, extra: Record<string, unknown> = {}) =>
  mapFunction(
    contextFor({ id: 'f.1', type: 'function', name: 'Minha função', func, outputs: 1, ...extra }),
  );

describe('function → Código', () => {
  it('runs the original code on msg, with its name and position kept', async () => {
    const mapped = fn('msg.payload = msg.payload * 2;\nreturn msg;');
    expect(mapped.status).toBe('translated');
    expect(mapped.nodes).toHaveLength(1);
    expect(mapped.nodes[0]).toMatchObject({
      type: 'core_code',
      label: 'Minha função',
      position: { x: 100, y: 40 },
    });
    const run = await runMapped(engine, mapped, { payload: 21 });
    expect(run.sent).toEqual({ saida_1: [{ payload: 42 }] });
  });

  it('sends nothing when the code returns null, as Node-RED', async () => {
    const mapped = fn('if (msg.payload < 0) return null;\nreturn msg;');
    expect((await runMapped(engine, mapped, { payload: -1 })).sent).toEqual({});
    expect((await runMapped(engine, mapped, { payload: 1 })).sent).toEqual({
      saida_1: [{ payload: 1 }],
    });
  });

  it('routes an array return to the output that has the message', async () => {
    const mapped = fn('return msg.payload > 0 ? [msg, null] : [null, msg];', { outputs: 2 });
    expect(mapped.nodes.map((node) => node.type)).toEqual(['core_code', 'core_switch']);
    expect((await runMapped(engine, mapped, { payload: 5 })).sent).toEqual({
      saida_1: [{ payload: 5 }],
    });
    expect((await runMapped(engine, mapped, { payload: -5 })).sent).toEqual({
      saida_2: [{ payload: -5 }],
    });
    expect(mapped.status).toBe('adapted');
  });

  it('gives node.send, node.warn, context, flow, global and env.get', async () => {
    const code = [
      'node.warn("aviso " + env.get("CIDADE"));',
      'const n = (flow.get("n") || 0) + 1; flow.set("n", n);',
      'global.set("g", n * 10); context.set("c", "x");',
      'node.send({ payload: [n, global.get("g"), context.get("c")] });',
      'return null;',
    ].join('\n');
    const mapped = fn(code);
    const run = await runMapped(engine, mapped, { payload: 0 }, [
      { key: 'CIDADE', value: 'Recife' },
    ]);
    expect(run.sent).toEqual({ saida_1: [{ payload: [1, 10, 'x'] }] });
    expect(run.logs).toContain('aviso Recife');
    expect(mapped.notes.join(' ')).toMatch(/dados do flow/);
  });

  it('fails the node when the code throws, so the error output (a catch) takes it', async () => {
    const run = await runMapped(engine, fn('throw new Error("quebrou")'), { payload: 1 });
    expect(run.status).toBe('error');
    expect(run.error).toMatch(/quebrou/);
  });

  it('keeps Setup and Close code as comments, and says so', () => {
    const mapped = fn('return msg;', {
      initialize: 'context.set("x", 1);',
      finalize: 'node.log("fim")',
    });
    expect(mapped.nodes[0]!.params.code).toContain('// Setup:\n// context.set("x", 1);');
    expect(mapped.notes.join(' ')).toMatch(/Setup/);
  });
});
