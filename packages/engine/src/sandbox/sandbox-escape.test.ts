import { afterAll, describe, expect, it } from 'vitest';
import { testScope } from '../testing/fake-ports';
import { createIsolatedSandbox } from './isolated-sandbox';
import type { SandboxHost, SandboxRunRequest } from './sandbox';

/**
 * Attempts to leave the sandbox or take the process down. Each must fail safely, and the
 * process must keep serving: the last test runs ordinary code again.
 */
// A time limit far above what any attempt takes, so that on a loaded machine the memory and
// output limits are the ones that end their runs; the time limit's own test sets 0.4 s.
const sandbox = createIsolatedSandbox({
  limits: { timeoutMs: 10_000, memoryMb: 32, maxOutputBytes: 1024 * 1024 },
});
const short = { limits: { timeoutMs: 400 } };
afterAll(() => sandbox.dispose());

const host: SandboxHost = {
  getVar: async () => {
    throw new Error('variável indisponível');
  },
  getFlowData: () => ({ segredo: 'do host' }),
  setFlowData: () => undefined,
  log: () => undefined,
  fetch: async () => ({ status: 200, statusText: 'OK', headers: {}, body: new Uint8Array() }),
};

const run = (code: string, extra: Partial<SandboxRunRequest> = {}) =>
  sandbox.run({
    code,
    scope: testScope,
    msg: { payload: { a: 1 } },
    host,
    signal: new AbortController().signal,
    ...extra,
  });

describe('sandbox escape attempts', () => {
  it('constructor chains reach only the isolate’s own Function: no process, no require', async () => {
    const chains = [
      `this.constructor.constructor('return typeof process')()`,
      `msg.constructor.constructor('return typeof process')()`,
      `(() => {}).constructor('return typeof require')()`,
      `getVar('x').catch(() => null).constructor.constructor('return typeof process')()`,
      `getFlowData().constructor.constructor('return typeof process')()`,
      `Buffer.constructor('return typeof process')()`,
      `moment.constructor('return typeof module')()`,
      `axios.get.constructor('return typeof globalThis.process')()`,
      `fetch.constructor('return typeof require')()`,
    ];
    for (const chain of chains) {
      expect(
        await run(`try { return ${chain}; } catch (e) { return 'erro: ' + e.message; }`),
        chain,
      ).toBe('undefined');
    }
  });

  it('errors thrown by host bridges are the isolate’s own errors', async () => {
    const result = await run(
      `try { await getVar('x'); } catch (e) {
         return [e instanceof Error, e.message, e.constructor.constructor('return typeof process')()];
       }`,
    );
    expect(result).toEqual([true, 'variável indisponível', 'undefined']);
  });

  it('the global holds no host object, bridge or Node global', async () => {
    const names = (await run(`return Object.getOwnPropertyNames(globalThis)`)) as string[];
    for (const name of [
      'process',
      'require',
      'module',
      'global',
      'Deno',
      '$getVar',
      '$fetch',
      '$host',
      'ivm',
    ]) {
      expect(names, name).not.toContain(name);
    }
    expect(await run(`return typeof require + typeof process + typeof __dirname`)).toBe(
      'undefinedundefinedundefined',
    );
  });

  it('import() of Node modules fails inside the sandbox', async () => {
    await expect(
      run(`const fs = await import('fs'); return typeof fs.readFileSync`),
    ).rejects.toThrow(/^Erro no código/);
    await expect(run(`const cp = await import('node:child_process'); return 1`)).rejects.toThrow(
      /^Erro no código/,
    );
  });

  it('a run finds none of the globals the previous runs left, and reaches only its own host', async () => {
    const seen: string[] = [];
    const hostOf = (name: string): SandboxHost => ({
      ...host,
      getFlowData: () => name,
      log: (_level, text) => void seen.push(`${name}: ${text}`),
    });
    for (let i = 0; i < 4; i++) {
      await run(`globalThis.guardado = ${i}; globalThis.ler = getFlowData; return 1`, {
        host: hostOf(`run ${i}`),
      });
    }
    expect(
      await run(`log(getFlowData()); return [typeof guardado, typeof ler]`, {
        host: hostOf('último'),
      }),
    ).toEqual(['undefined', 'undefined']);
    expect(seen).toEqual(['último: último']);
  });

  it('prototype pollution stays in its run and never reaches the host', async () => {
    await run(
      `Object.prototype.poluido = 'sim'; Array.prototype.push = null; JSON.parse = () => 'falso'; return 1`,
    );
    expect(
      await run(`return [({}).poluido === undefined, typeof [].push, JSON.parse('{"a":1}').a]`),
    ).toEqual([true, 'function', 1]);
    expect(({} as Record<string, unknown>).poluido).toBeUndefined();
    const result = (await run(`msg.__proto__.poluido = 'sim'; return msg`)) as Record<
      string,
      unknown
    >;
    expect(({} as Record<string, unknown>).poluido).toBeUndefined();
    expect(result.poluido).toBeUndefined();
  });

  it('an infinite loop times out, sync or after an await, and so does a promise that never settles', async () => {
    await expect(run(`while (true) {}`, short)).rejects.toThrow(
      'O código excedeu o tempo limite de 0,4 s.',
    );
    await expect(run(`await null; for (;;) {}`, short)).rejects.toThrow(
      'O código excedeu o tempo limite de 0,4 s.',
    );
    await expect(run(`await new Promise(() => {})`, short)).rejects.toThrow(
      'O código excedeu o tempo limite de 0,4 s.',
    );
    expect(await run(`return 'ainda funciona'`)).toBe('ainda funciona');
  });

  it('a memory bomb hits the memory limit', async () => {
    await expect(run(`const a = []; while (true) a.push(new Array(1e6).fill(7));`)).rejects.toThrow(
      'O código excedeu o limite de memória de 32 MB.',
    );
    expect(await run(`return 2 + 2`)).toBe(4);
  });

  it('a huge result is refused', async () => {
    await expect(run(`return 'x'.repeat(2 * 1024 * 1024)`)).rejects.toThrow(
      'O resultado do código excede o limite de 1 MB.',
    );
  });

  it('tricky throws and results come back as plain data or a plain error', async () => {
    await expect(run(`throw { get message() { return 'getter' } }`)).rejects.toThrow(
      /^Erro no código/,
    );
    await expect(
      run(`throw new Proxy({}, { get: () => { throw new Error('armadilha') } })`),
    ).rejects.toThrow(/^Erro no código/);
    expect(await run(`return { toJSON() { return { seguro: true } } }`)).toEqual({ seguro: true });
    expect(await run(`const f = () => 1; return { f, n: 1 }`)).toEqual({ n: 1 });
  });

  it('timers work within a run and die with it', async () => {
    expect(await run(`await new Promise((r) => setTimeout(r, 10)); return 'depois do timer'`)).toBe(
      'depois do timer',
    );
    expect(await run(`setTimeout(() => { Object.prototype.tarde = 1 }, 50); return 'saiu'`)).toBe(
      'saiu',
    );
    // A later 100 ms timer on the same host clock fires after the 50 ms one would have.
    expect(
      await run(`await new Promise((r) => setTimeout(r, 100)); return ({}).tarde === undefined`),
    ).toBe(true);
  });

  it('an abort stops the code at once', async () => {
    const controller = new AbortController();
    const running = run(`await new Promise(() => {})`, {
      signal: controller.signal,
      limits: { timeoutMs: 10_000 },
    });
    setTimeout(() => controller.abort(), 20);
    await expect(running).rejects.toThrow('Execução interrompida.');
  });

  it('the process keeps serving after all of the above', async () => {
    expect(await run(`return msg.payload.a + 1`)).toBe(2);
    expect(process.memoryUsage().rss).toBeGreaterThan(0);
  });
});
