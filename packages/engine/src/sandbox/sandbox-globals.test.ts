import ivm from 'isolated-vm';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxGlobals } from '@ponte/shared/sandbox-globals';
import { testScope } from '../testing/fake-ports';
import { createIsolatedSandbox } from './isolated-sandbox';
import type { SandboxHost } from './sandbox';

/** Defined by the sandbox but not offered in the editor's typings, on purpose. */
const untyped = [
  // The connector's parameters (the editor does not know their shape).
  'params',
  // Plumbing of fetch and of the libraries, not meant to be called by hand.
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  // Brought by the libraries' polyfills.
  'URL',
  'URLSearchParams',
];

const sandbox = createIsolatedSandbox({ limits: { timeoutMs: 5000, memoryMb: 128 } });
afterAll(() => sandbox.dispose());

const host: SandboxHost = {
  getVar: async () => undefined,
  getFlowData: () => undefined,
  setFlowData: () => {},
  log: () => {},
  fetch: async () => ({ status: 200, statusText: 'OK', headers: {}, body: new Uint8Array() }),
};

/** The global names of an empty context of the same V8: standard JavaScript. */
function standardGlobals(): string[] {
  const isolate = new ivm.Isolate({ memoryLimit: 16 });
  try {
    const context = isolate.createContextSync();
    return JSON.parse(
      context.evalSync('JSON.stringify(Object.getOwnPropertyNames(globalThis))') as string,
    ) as string[];
  } finally {
    isolate.dispose();
  }
}

describe('sandbox globals', () => {
  it('defines exactly the names the editor types, with every library named in the code', async () => {
    // Naming each library loads it, as user code naming it would.
    const code = `void [moment, axios, OpenAI, Buffer];
      return Object.getOwnPropertyNames(globalThis);`;
    const names = (await sandbox.run({
      code,
      scope: testScope,
      msg: {},
      host,
      signal: new AbortController().signal,
    })) as string[];
    const standard = new Set(standardGlobals());
    // Names starting with '__' are internals of the bootstrap and of the libraries.
    const added = names.filter((name) => !standard.has(name) && !name.startsWith('__'));
    // V8 has a console of its own, which the sandbox replaces: it is not a new name.
    const replaced = sandboxGlobals.filter((name) => standard.has(name));
    expect(replaced).toEqual(['console']);
    expect([...added, ...replaced].sort()).toEqual([...sandboxGlobals, ...untyped].sort());
  });

  it('gives code the standard Math constants, Math.E included', async () => {
    const code = `return [Math.E, Math.PI, Math.LN2, Math.exp(1) === Math.E,
      Object.getOwnPropertyDescriptor(Math, 'E')];`;
    const answer = await sandbox.run({
      code,
      scope: testScope,
      msg: {},
      host,
      signal: new AbortController().signal,
    });
    expect(answer).toEqual([
      2.718281828459045,
      3.141592653589793,
      0.6931471805599453,
      true,
      { value: 2.718281828459045, writable: false, enumerable: false, configurable: false },
    ]);
  });

  it('replaces the console of V8 with one that writes the user log', async () => {
    const lines: string[] = [];
    await sandbox.run({
      code: "console.log('olá', { n: 1 });",
      scope: testScope,
      msg: {},
      host: { ...host, log: (_level, text) => void lines.push(text) },
      signal: new AbortController().signal,
    });
    expect(lines).toEqual(['olá {"n":1}']);
  });
});
