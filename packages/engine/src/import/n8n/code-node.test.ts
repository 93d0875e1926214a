import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../engine';
import { createFakePorts } from '../../testing/fake-ports';
import { codeNodeSource, codeNotes, type CodeMode } from './code-node';

const engine = createEngine({ ports: createFakePorts(), limits: { maxSteps: 100 } });
afterAll(() => engine.dispose());

/** Runs the translated code in the real sandbox with `payload`; the payload it sends on. */
async function run(mode: CodeMode, code: string, payload: unknown) {
  const sent: unknown[] = [];
  const result = await engine.execute({
    executionId: 'e',
    workspaceId: 'w',
    flowId: 'f',
    flow: {
      version: 1,
      nodes: [
        {
          uid: 't',
          type: 'core_manual_trigger',
          typeVersion: 1,
          position: { x: 0, y: 0 },
          params: {},
        },
        {
          uid: 'c',
          type: 'core_code',
          typeVersion: 1,
          position: { x: 1, y: 0 },
          params: { code: codeNodeSource('Código', mode, code) },
        },
      ],
      edges: [{ id: 'e1', source: 't', sourceOutput: 'default', target: 'c' }],
    },
    trigger: { nodeUid: 't', msg: { payload } },
    capture: (record) => {
      if (record.node_uid === 'c')
        sent.push(...record.outputs.map((o) => JSON.parse(o.json).payload));
    },
  });
  expect(result.status, JSON.stringify(result)).toBe('success');
  return sent[0];
}

describe('n8n code runs unchanged over the message (one item = an object, several = a list)', () => {
  it('"run once for all items" sees every item in $input.all() and in items', async () => {
    const sum =
      'let sum = 0;\nfor (const item of $input.all()) sum += item.json.value;\nreturn [{ sum }];';
    expect(await run('allItems', sum, [{ value: 1 }, { value: 2 }])).toEqual({ sum: 3 });
    const legacy =
      'let sum = 0;\nfor (const item of items) sum += item.json.value;\nreturn [{ sum }];';
    expect(await run('function', legacy, [{ value: 1 }, { value: 2 }])).toEqual({ sum: 3 });
  });

  it('"run once for each item" runs per item and gives the list back', async () => {
    const code = '$input.item.json.dobro = $json.value * 2;\nreturn $input.item;';
    expect(await run('eachItem', code, [{ value: 1 }, { value: 2 }])).toEqual([
      { value: 1, dobro: 2 },
      { value: 2, dobro: 4 },
    ]);
    expect(await run('eachItem', code, { value: 5 })).toEqual({ value: 5, dobro: 10 });
  });

  it('Function Item edits `item` (the json) and a code declaring its own `items` still runs', async () => {
    expect(await run('functionItem', 'item.visto = true;\nreturn item;', { id: 1 })).toEqual({
      id: 1,
      visto: true,
    });
    expect(await run('allItems', 'const items = [{ json: { a: 1 } }];\nreturn items;', {})).toEqual(
      { a: 1 },
    );
  });

  it('a code that keeps no item sends an empty list on (docs/migrar.md: a Condição stops it)', async () => {
    const filter = 'return $input.all().filter((item) => item.json.pago);';
    expect(await run('allItems', filter, [{ pago: false }])).toEqual([]);
    expect(await run('allItems', filter, [{ pago: true }, { pago: false }])).toEqual({
      pago: true,
    });
  });

  it('names what the code uses that Ponte does not give', () => {
    expect(
      codeNotes('const x = $("Webhook").first().json; return [{ json: { t: $now } }];'),
    ).toEqual([expect.stringContaining('$("Nó")'), expect.stringContaining('$now')]);
    expect(codeNotes('return [{ json: {} }];')).toEqual([]);
    expect(codeNotes('return [{ json: ')).toBeNull();
  });
});
