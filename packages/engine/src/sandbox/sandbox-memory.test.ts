import { afterAll, describe, expect, it } from 'vitest';
import { flowDataMessages } from '../kit/flow-data';
import { memoryLimits } from '../ports';
import { measureMemory } from '../testing/memory';
import { testScope } from '../testing/fake-ports';
import { requestBodiesMessage } from './host-bridges';
import { createIsolatedSandbox } from './isolated-sandbox';
import type { SandboxHost } from './sandbox';

/**
 * Memory user code could take outside the isolate's heap limit, in the server's own process
 * (docs/adr/0017). Each attempt would grow this process by hundreds of megabytes if it worked;
 * it must fail with a pt-BR message and the process must stay within a budget.
 */
const budgetBytes = 200 * 1024 * 1024;
const sandbox = createIsolatedSandbox({ limits: { timeoutMs: 20_000, memoryMb: 64 } });
afterAll(() => sandbox.dispose());

const host: SandboxHost = {
  getVar: async () => undefined,
  getFlowData: () => undefined,
  setFlowData: () => undefined,
  log: () => undefined,
  fetch: async () => ({ status: 200, statusText: 'OK', headers: {}, body: new Uint8Array() }),
};
const run = (code: string) =>
  sandbox.run({ code, msg: {}, host, scope: testScope, signal: new AbortController().signal });

/** Fills `bytes` one page at a time, so that every page is resident. */
const touch = (buffer: string) =>
  `{ const view = new Uint8Array(${buffer}); for (let i = 0; i < view.length; i += 4096) view[i] = 1; }`;

const gigabyte = 1024 * 1024 * 1024;

describe('sandbox memory outside the isolate heap', () => {
  it('refuses WebAssembly memory (1 GB asked), in Portuguese, however it is reached', async () => {
    const message = 'Erro no código: WebAssembly não está disponível no código.';
    const routes = [
      `const memory = new WebAssembly.Memory({ initial: ${gigabyte / 65536} }); ${touch('memory.buffer')}`,
      `const W = Function('return WebAssembly')(); const memory = new W.Memory({ initial: ${gigabyte / 65536} }); ${touch('memory.buffer')}`,
      `const W = globalThis.constructor.constructor('return this')().WebAssembly;
       const memory = new W.Memory({ initial: 1, maximum: ${gigabyte / 65536} });
       memory.grow(${gigabyte / 65536 - 1}); ${touch('memory.buffer')}`,
    ];
    for (const code of routes) {
      const { outcome, grewBy } = await measureMemory(() => run(code));
      expect(outcome, code).toEqual({ error: message });
      expect(grewBy, code).toBeLessThan(budgetBytes);
    }
  });

  it('refuses resizable and shared array buffers, on every path to their constructors', async () => {
    const message =
      'Erro no código: ArrayBuffer redimensionável (maxByteLength) não está disponível no código.';
    const size = gigabyte / 2;
    const routes = [
      `const b = new ArrayBuffer(${size}, { maxByteLength: ${size} }); ${touch('b')}`,
      `const B = new Uint8Array(1).buffer.constructor;
       const b = new B(0, { maxByteLength: ${size} }); b.resize(${size}); ${touch('b')}`,
      `const B = Object.getPrototypeOf(new DataView(new ArrayBuffer(1)).buffer).constructor;
       const b = Reflect.construct(B, [${size}, { maxByteLength: ${size} }]); ${touch('b')}`,
      `class Mine extends ArrayBuffer {}
       const b = new Mine(${size}, { maxByteLength: ${size} }); ${touch('b')}`,
    ];
    for (const code of routes) {
      const { outcome, grewBy } = await measureMemory(() => run(code));
      expect(outcome, code).toEqual({ error: message });
      expect(grewBy, code).toBeLessThan(budgetBytes);
    }
    // Nor through the frames of a stack trace taken while the original constructor runs.
    expect(
      await run(`Error.prepareStackTrace = (error, frames) => frames;
        const found = new Set();
        const capture = () => new Error().stack.forEach((frame) => found.add(frame.getFunction()?.name));
        new ArrayBuffer({ valueOf() { capture(); return 8; } });
        new Intl.DateTimeFormat('pt-BR', { timeZone: { toString() { capture(); return 'UTC'; } } });
        return [...found].sort();`),
    ).toEqual(['capture', 'toString', 'valueOf', null]);
    const shared = await measureMemory(() =>
      run(
        `const b = new SharedArrayBuffer(0, { maxByteLength: ${size} }); b.grow(${size}); ${touch('b')}`,
      ),
    );
    expect(shared.outcome).toEqual({
      error: 'Erro no código: SharedArrayBuffer is not defined',
    });
    expect(shared.grewBy).toBeLessThan(budgetBytes);
    // An ordinary ArrayBuffer still works, and is still counted by the isolate's limit.
    expect(
      await run(
        `const b = new ArrayBuffer(8); return [b.byteLength, b instanceof ArrayBuffer, new Uint8Array(b).buffer.constructor === ArrayBuffer];`,
      ),
    ).toEqual([8, true, true]);
    await expect(run(`new ArrayBuffer(${gigabyte}); return 1;`)).rejects.toThrow(
      /Array buffer allocation failed|limite de memória/,
    );
  });

  it('bounds the Intl objects a run keeps (ICU data lives outside the heap)', async () => {
    const message =
      `Erro no código: O código criou mais de ${memoryLimits.sandboxIntlObjects.toLocaleString('pt-BR')} ` +
      'objetos Intl nesta execução; crie o formatador uma vez e reutilize-o.';
    // 20 000 date formatters are about 540 MB of ICU data.
    const routes = [
      `const kept = []; for (let i = 0; i < 20000; i++) kept.push(new Intl.DateTimeFormat('pt-BR', { hour: 'numeric' }));`,
      `const F = Object.getPrototypeOf(new Intl.DateTimeFormat()).constructor;
       const kept = []; for (let i = 0; i < 20000; i++) kept.push(F('pt-BR'));`,
      `const kept = []; for (let i = 0; i < 20000; i++) kept.push(new Intl.RelativeTimeFormat('pt-BR'), new Intl.PluralRules('pt-BR'));`,
    ];
    for (const code of routes) {
      const { outcome, grewBy } = await measureMemory(() => run(code));
      expect(outcome, code).toEqual({ error: message });
      expect(grewBy, code).toBeLessThan(budgetBytes);
    }
    // A formatter made once and reused serves any number of values.
    expect(
      await run(`const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
        let last; for (let i = 0; i < 5000; i++) last = brl.format(i);
        return [last, (1234.5).toLocaleString('pt-BR'), typeof Intl.v8BreakIterator];`),
    ).toEqual(['R$\u00a04.999,00', '1.234,5', 'undefined']);
  });

  it('bounds the text a run segments with Intl.Segmenter (each copy lives outside the heap)', async () => {
    // 300 segmentations of a million characters would be about 600 MB of copies.
    const code = `const text = 'a b '.repeat(250000); const s = new Intl.Segmenter('pt-BR', { granularity: 'word' });
      const kept = []; for (let i = 0; i < 300; i++) kept.push(s.segment(text));`;
    const { outcome, grewBy } = await measureMemory(() => run(code));
    expect(outcome).toEqual({
      error:
        'Erro no código: O código passou do limite de ' +
        `${memoryLimits.sandboxSegmentedChars.toLocaleString('pt-BR')} caracteres segmentados ` +
        '(Intl.Segmenter) nesta execução.',
    });
    expect(grewBy).toBeLessThan(budgetBytes);
    expect(
      await run(
        `return [...new Intl.Segmenter('pt-BR', { granularity: 'word' }).segment('olá mundo')].length;`,
      ),
    ).toBe(3);
  });

  it('bounds the calls a run leaves waiting on the host (timers, getVar)', async () => {
    const refusal =
      'O código passou do limite de 1.000 chamadas pendentes ao mesmo tempo (setTimeout, fetch, getVar).';
    // 400 000 waiting timers or requests would hold about 700 MB in the server.
    const timers = await measureMemory(() =>
      run(`for (let i = 0; i < 400000; i++) clearTimeout(setTimeout(() => {}, 1e9));`),
    );
    expect(timers.grewBy).toBeLessThan(budgetBytes);
    expect(timers.held).toBeLessThan(budgetBytes);
    expect(timers.outcome).toEqual({ error: `Erro no código: ${refusal}` });
    // Calls to getVar count too (requests wait their turn in the isolate: see below).
    const hanging: SandboxHost = { ...host, getVar: () => new Promise(() => undefined) };
    const answer = await sandbox.run({
      code: `const answers = [];
        for (let i = 0; i < 3000; i++) answers.push(getVar('TOKEN').then(() => 'ok', (e) => e.message));
        return answers[answers.length - 1];`,
      msg: {},
      host: hanging,
      scope: testScope,
      signal: new AbortController().signal,
    });
    expect(answer).toBe(refusal);
  }, 60_000);

  it('sends nothing oversized to the host: flow data, paths and variable names are checked first', async () => {
    const crossed: string[] = [];
    const spying: SandboxHost = {
      ...host,
      getVar: async (key) => void crossed.push(`getVar ${key.length}`),
      getFlowData: (path) => void crossed.push(`getFlowData ${path?.length}`),
      setFlowData: (path) => void crossed.push(`setFlowData ${path.length}`),
    };
    const result = await sandbox.run({
      code: `const tryIt = (call) => { try { call(); return 'aceito'; } catch (e) { return e.message; } };
        return [
          tryIt(() => setFlowData('grande', 'x'.repeat(${2 * 1024 * 1024}))),
          tryIt(() => setFlowData('c'.repeat(1001), 1)),
          getFlowData('c'.repeat(1001)) ?? 'nada',
          (await getVar('V'.repeat(101))) ?? 'nada',
        ];`,
      msg: {},
      host: spying,
      scope: testScope,
      signal: new AbortController().signal,
    });
    expect(result).toEqual([
      flowDataMessages.bytes('grande'),
      flowDataMessages.pathChars,
      'nada',
      'nada',
    ]);
    expect(crossed).toEqual([]);
  });

  describe('responses of fetch and axios', () => {
    /** A host whose requests answer at once with `body`, counting the requests in flight. */
    function answering(body: Uint8Array) {
      const seen = { inFlight: 0, most: 0, total: 0 };
      const answerHost: SandboxHost = {
        ...host,
        fetch: async () => {
          seen.total++;
          seen.most = Math.max(seen.most, ++seen.inFlight);
          await new Promise((resolve) => setImmediate(resolve));
          seen.inFlight--;
          return { status: 200, statusText: 'OK', headers: {}, body };
        },
      };
      const runWith = (code: string) =>
        sandbox.run({
          code,
          msg: {},
          host: answerHost,
          scope: testScope,
          signal: new AbortController().signal,
        });
      return { seen, runWith };
    }

    it('has only a few requests of one run in flight at once (40 started together)', async () => {
      // Each response is read whole into the server (up to 16 MB) before it crosses into the
      // isolate: 40 at once could hold 640 MB. The others wait their turn, and all complete.
      const { seen, runWith } = answering(new Uint8Array(1024).fill(0x61));
      const sizes = await runWith(`return Promise.all(Array.from({ length: 40 }, () =>
        fetch('https://api.exemplo.com.br/').then((r) => r.text()).then((t) => t.length)));`);
      expect(sizes).toEqual(Array.from({ length: 40 }, () => 1024));
      expect(seen).toEqual({ inFlight: 0, most: memoryLimits.sandboxConcurrentFetches, total: 40 });
    });

    it('sends only a few request bodies to the server, even when the code replaces Promise.prototype.then', async () => {
      // Replacing Promise's `then` makes every await in the isolate go on at once: were fetch's
      // turns awaited, 100 bodies of 8 MB (800 MB) would be copied to the server. (Past 64 MB
      // of waiting bodies the server refuses the rest too: requestBodiesMessage.)
      const seen: number[] = [];
      const poisoned: SandboxHost = {
        ...host,
        fetch: (request) => {
          seen.push(String(request.body ?? '').length);
          return new Promise(() => undefined);
        },
      };
      const { grewBy, held } = await measureMemory(() =>
        sandbox.run({
          code: `const body = 'x'.repeat(8 * 1024 * 1024);
            Object.defineProperty(Promise.prototype, 'constructor', { value: Object });
            Promise.prototype.then = function (resolve) { if (typeof resolve === 'function') resolve(); };
            for (let i = 0; i < 100; i++) fetch('https://api.exemplo.com.br/', { method: 'POST', body });`,
          msg: {},
          host: poisoned,
          scope: testScope,
          signal: new AbortController().signal,
        }),
      );
      expect(held).toBeLessThan(budgetBytes);
      expect(grewBy).toBeLessThan(budgetBytes);
      expect(seen.length).toBeLessThanOrEqual(memoryLimits.sandboxConcurrentFetches);
      expect(requestBodiesMessage).toBe(
        'O código passou do limite de 64 MB em corpos de requisições esperando resposta ao mesmo tempo.',
      );
    });

    it('gives the same bytes back from text, arrayBuffer and axios, UTF-8 or not', async () => {
      const utf8 = new TextEncoder().encode('Olá, São Paulo! 🌎 € ✓');
      const binary = new Uint8Array([0, 0xff, 0xfe, 0xc3, 0x28, 0xf0, 0x9f, 0x98, 0x41]);
      for (const body of [utf8, binary]) {
        const { runWith } = answering(body);
        const result = await runWith(`
          const r = await fetch('https://api.exemplo.com.br/');
          const viaFetch = [...new Uint8Array(await r.arrayBuffer())];
          const viaAxios = [...new Uint8Array((await axios.get('https://api.exemplo.com.br/', { responseType: 'arraybuffer' })).data)];
          const text = await (await fetch('https://api.exemplo.com.br/')).text();
          return { viaFetch, viaAxios, text };`);
        expect(result).toEqual({
          viaFetch: [...body],
          viaAxios: [...body],
          text: Buffer.from(body).toString('utf8'),
        });
      }
    });
  });
});
