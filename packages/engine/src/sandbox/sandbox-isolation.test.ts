import { afterAll, describe, expect, it } from 'vitest';
import { createIsolatedSandbox } from './isolated-sandbox';
import type { SandboxHost } from './sandbox';

const host: SandboxHost = {
  getVar: async () => undefined,
  getFlowData: () => undefined,
  setFlowData: () => {},
  log: () => {},
  fetch: async () => ({ status: 200, statusText: 'OK', headers: {}, body: new Uint8Array() }),
};

let executions = 0;

/**
 * What one execution leaves in the sandbox is invisible to the next one, of its workspace or of
 * another (docs/adr/0059). One isolate, so every run below goes through the same isolate; with
 * contexts made in the run (the default) and made ahead while the isolate waits.
 */
describe.each([
  ['made in the run', false],
  ['made ahead', true],
])('state one execution leaves behind, contexts %s', (_name, warmContexts) => {
  const sandbox = createIsolatedSandbox({
    poolSize: 1,
    warmContexts,
    limits: { timeoutMs: 5_000 },
  });
  afterAll(() => sandbox.dispose());

  function run(workspaceId: string, code: string, extra: Partial<SandboxHost> = {}) {
    executions++;
    return sandbox.run({
      code,
      scope: { workspaceId, flowId: `flow-${workspaceId}`, executionId: `exec-${executions}` },
      msg: { payload: { cartao: '4111 1111 1111 1111' } },
      host: { ...host, ...extra },
      signal: new AbortController().signal,
    });
  }

  /** [what is left, code that leaves it, code that returns what it sees of it]. */
  const leftovers: [string, string, string][] = [
    [
      'a global set through globalThis',
      'globalThis.segredo = msg.payload.cartao;',
      "return typeof segredo === 'undefined' ? null : segredo;",
    ],
    [
      'a var at the top of the code',
      'var contador = 41; contador++;',
      "return 'contador' in globalThis ? globalThis.contador : null;",
    ],
    [
      'a replaced Array.prototype.push',
      'Array.prototype.push = function () { return 42; };',
      'const list = []; return list.push(1) === 42 ? 42 : list;',
    ],
    [
      'a property on Object.prototype',
      'Object.prototype.polluted = msg.payload.cartao;',
      'return ({}).polluted ?? null;',
    ],
    [
      'a property on a prototype no global names (%IteratorPrototype%)',
      'Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())).segredo = 1;',
      'return Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())).segredo ?? null;',
    ],
    [
      'a frozen prototype',
      'Object.freeze(Date.prototype); Object.preventExtensions(globalThis);',
      'return Object.isFrozen(Date.prototype) || !Object.isExtensible(globalThis);',
    ],
    [
      'the last match of a regular expression',
      '/(\\d{4}) (\\d{4})/.exec(msg.payload.cartao);',
      "return RegExp.lastMatch || RegExp.$1 || (RegExp.input ?? '');",
    ],
    [
      'a replaced Error.prepareStackTrace',
      'Error.prepareStackTrace = () => "vazou";',
      'return new Error("x").stack === "vazou";',
    ],
    [
      'a closure kept in a built-in',
      'const guardado = msg.payload.cartao; JSON.guardado = () => guardado;',
      "return typeof JSON.guardado === 'function' ? JSON.guardado() : null;",
    ],
    [
      'a changed library (moment.fn, the locale)',
      "moment.fn.segredo = msg.payload.cartao; moment.updateLocale('pt-br', { months: 'a_b_c_d_e_f_g_h_i_j_k_l'.split('_') });",
      "return moment.fn.segredo ?? moment(0, 'x').utc().format('MMMM');",
    ],
    [
      'a promise left pending',
      'globalThis.p = new Promise((resolve) => { globalThis.resolver = resolve; });',
      "return typeof resolver === 'function' || typeof p !== 'undefined';",
    ],
  ];

  for (const [what, leave, look] of leftovers) {
    it(`is not seen by the next execution nor by another workspace: ${what}`, async () => {
      const clean = await run('ws-a', look);
      await run('ws-a', leave);
      expect(await run('ws-a', look)).toEqual(clean);
      await run('ws-a', leave);
      expect(await run('ws-b', look)).toEqual(clean);
    });
  }

  it('runs no timer of a finished execution in the next one', async () => {
    // The probe waits longer than the timer left behind: had it survived, it would have run first.
    const look = 'await new Promise((resolve) => setTimeout(resolve, 50)); return typeof tarde;';
    await run('ws-a', 'setTimeout(() => { globalThis.tarde = msg.payload.cartao; }, 1);');
    expect(await run('ws-a', look)).toBe('undefined');
    await run('ws-a', 'setTimeout(() => { globalThis.tarde = msg.payload.cartao; }, 1);');
    expect(await run('ws-b', look)).toBe('undefined');
  });

  it('settles no promise of a finished execution in the next one', async () => {
    let answer: (value: string) => void = () => {};
    const slowVar = () => new Promise<string>((resolve) => (answer = resolve));
    await run('ws-a', "getVar('x').then((value) => { globalThis.tarde = value; });", {
      getVar: slowVar,
    });
    answer('vazou');
    expect(await run('ws-a', 'return typeof tarde;')).toBe('undefined');
    expect(await run('ws-b', 'return typeof tarde;')).toBe('undefined');
  });

  it('gives a working context to the run after one killed at its time limit', async () => {
    const short = createIsolatedSandbox({ poolSize: 1, warmContexts, limits: { timeoutMs: 200 } });
    try {
      const request = (code: string) => ({
        code,
        scope: { workspaceId: 'ws-a', flowId: 'f', executionId: `e-${++executions}` },
        msg: {},
        host,
        signal: new AbortController().signal,
      });
      await short.run(request('globalThis.marca = 1;'));
      await expect(short.run(request('while (true) {}'))).rejects.toThrow(/tempo limite/);
      expect(await short.run(request("return typeof marca + ' ' + (1 + 1);"))).toBe('undefined 2');
    } finally {
      short.dispose();
    }
  });
});
