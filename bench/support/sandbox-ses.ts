// SES inside an isolated-vm isolate, for bench/sandbox-cost.ts (docs/adr/0126): `lockdown()` once
// in one context of the isolate (which keeps its memory limit), then a new `Compartment` per run,
// with its own global object. The run's helpers are a lower bound of the bootstrap's: console,
// setTimeout over a host bridge, and the libraries evaluated in the compartment when named.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ivm from 'isolated-vm';
import { librarySources } from '../../packages/engine/src/sandbox/runtime/libraries.generated.ts';

/**
 * SES's source, or undefined when it is not installed (`npm install ses@2 -w packages/engine`).
 * isolated-vm 5's contexts name `Math.E` `Math["'"]` (non-configurable): SES refuses to lock down
 * an unknown intrinsic property, so the bench adds it to SES's permits.
 */
export function sesSource(): string | undefined {
  try {
    // The package's `require` entry is dist/ses.cjs; the script for a bare context sits beside it.
    const path = join(dirname(createRequire(import.meta.url).resolve('ses')), 'ses.umd.min.js');
    const source = readFileSync(path, 'utf8');
    const patched = source.replace(/(\w+)=\{E:"number",/g, `$1={"'":"number",E:"number",`);
    if (patched === source) throw new Error('SES permits for Math not found');
    return patched;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

const runSource = `(code, msg, params, libraries, sleep) => {
  const console = { log() {}, info() {}, warn() {}, error() {}, debug() {} };
  const setTimeout = (fn, ms) => {
    sleep.apply(undefined, [ms], { result: { promise: true } }).then(() => fn());
    return 0;
  };
  const compartment = new Compartment({ globals: { msg, params, console, setTimeout }, __options__: true });
  for (const library of libraries) compartment.evaluate(library);
  return compartment.evaluate(code);
}`;

export function createSesRunner(memoryMb: number, source: string) {
  const isolate = new ivm.Isolate({ memoryLimit: memoryMb });
  const context = isolate.createContextSync();
  isolate.compileScriptSync(source, { filename: 'ses.js' }).runSync(context);
  context.evalSync('lockdown()');
  const run = context.evalSync(runSource, { reference: true }) as ivm.Reference;
  const sleep = new ivm.Reference(
    (ms: number) => new Promise((resolve) => setTimeout(resolve, Number(ms) || 0)),
  );
  return {
    async run(code: string, msg: unknown): Promise<unknown> {
      const wrapped =
        `(async function (msg, params) {\n${code}\n})(msg, params)` +
        '.then((result) => JSON.stringify(result === undefined ? msg : result))';
      const libraries = /\bmoment\b/.test(code) ? [librarySources.moment] : [];
      const output = (await run.apply(
        undefined,
        [
          wrapped,
          new ivm.ExternalCopy(msg).copyInto(),
          new ivm.ExternalCopy({}).copyInto(),
          new ivm.ExternalCopy(libraries).copyInto(),
          sleep,
        ],
        { result: { promise: true } },
      )) as string | undefined;
      return output === undefined ? undefined : JSON.parse(output);
    },
    dispose: () => isolate.dispose(),
  };
}
