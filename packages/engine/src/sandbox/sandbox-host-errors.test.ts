import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { customNodeDefinition } from '../custom/custom-node';
import { connectorFlow, storedConnector } from '../custom/testing';
import { codeNode } from '../nodes/actions/code/code.node.ts';
import { createHarness } from '../testing/engine-harness';
import { createFakePorts, testScope } from '../testing/fake-ports';
import { runNode } from '../testing/run-node';
import { createIsolatedSandbox } from './isolated-sandbox';
import type { SandboxHost } from './sandbox';

const sandbox = createIsolatedSandbox({ limits: { timeoutMs: 10_000, memoryMb: 64 } });
afterAll(() => sandbox.dispose());

/** Where this server runs from: none of it may reach the code. */
const repoRoot = process.cwd();
const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const hostFragments = /node_modules|dist\/|\.ts:|\.js:/;
/** The isolate's own frames (the code's script and the bootstrap) name no server file. */
const isolateFrame = /^\s+at (?:async )?(?:\S+ \()?(?:codigo\.js|ponte:\w+):\d+:\d+\)?$/;

function expectNoServerPath(text: unknown) {
  const seen = String(text);
  const shown = seen
    .split('\n')
    .filter((line) => !isolateFrame.test(line))
    .join('\n');
  expect(seen).not.toContain(repoRoot);
  expect(seen).not.toContain(packageRoot);
  expect(seen).not.toContain(packageRoot.replace(/\/$/, ''));
  expect(shown).not.toMatch(hostFragments);
}

/** What the code saw of the error it caught. */
interface Caught {
  stack: string;
  message: string;
  text: string;
  name: string;
  code?: string;
  isTypeError: boolean;
}

/** Catches what `attempt` throws (awaited) and returns what the code can read of it. */
const catching = (attempt: string) => `
  try { await (async () => { ${attempt} })(); return null; }
  catch (e) {
    return { stack: e.stack, message: e.message, text: String(e), name: e.name, code: e.code,
      isTypeError: e instanceof TypeError };
  }`;

/** A file of the server, as a failed read of the storage would name it. */
const serverFile = join(repoRoot, 'data', 'storage', 'ws-1', 'relatorio.csv');
const readFailed = `Não foi possível ler o arquivo ${serverFile}.`;
const readFailedShown = 'Não foi possível ler o arquivo …/relatorio.csv.';

/** A host error as the server throws it: its stack full of the server's files. */
function serverError(): Error {
  return Object.assign(new TypeError(readFailed), {
    code: 'ENOENT',
    syscall: 'open',
    path: serverFile,
    bundle: join(packageRoot, 'dist', 'main.js'),
  });
}

/** A host whose every bridge fails with `serverError()`. */
const failingHost: SandboxHost = {
  getVar: async () => {
    throw serverError();
  },
  getFlowData: () => {
    throw serverError();
  },
  setFlowData: () => {
    throw serverError();
  },
  log: () => {
    throw serverError();
  },
  fetch: async () => {
    throw serverError();
  },
};

const runCaught = async (attempt: string, host: SandboxHost = failingHost) =>
  (await sandbox.run({
    code: catching(attempt),
    scope: testScope,
    msg: { payload: {} },
    host,
    signal: new AbortController().signal,
  })) as Caught | null;

describe('host errors inside the sandbox', () => {
  const bridges: [string, string][] = [
    ['getVar', "await getVar('TOKEN');"],
    ['getFlowData', "getFlowData('contador');"],
    ['setFlowData', "setFlowData('contador', 1);"],
    ['console.log', "console.log('olá');"],
    ['fetch', "await fetch('https://api.exemplo.com.br/clientes');"],
    ['axios', "await axios.get('https://api.exemplo.com.br/clientes');"],
  ];

  it.each(bridges)(
    '%s: the code catches a new error with the message, name and code, and no server path',
    async (_bridge, attempt) => {
      const caught = await runCaught(attempt);
      expect(caught).not.toBeNull();
      for (const text of [caught!.stack, caught!.message, caught!.text]) expectNoServerPath(text);
      expect(caught).toMatchObject({
        message: readFailedShown,
        text: `TypeError: ${readFailedShown}`,
        name: 'TypeError',
        code: 'ENOENT',
        isTypeError: true,
      });
    },
  );

  it('keeps an address the code wrote whole in the message of a refused request', async () => {
    const caught = await runCaught("await fetch('/api/v1/clientes');");
    expect(caught?.message).toBe('URL inválida: /api/v1/clientes');
    expectNoServerPath(caught?.stack);
  });
});

describe('host errors of the real ports', () => {
  it("setFlowData('__proto__.x', 1) gives the pt-BR message, with no server path in its stack", async () => {
    const { emitted } = await runNode(codeNode, {
      sandbox,
      params: { code: catching("setFlowData('__proto__.x', 1);") },
    });
    const caught = emitted[0]?.msg as unknown as Caught;
    expect(caught.message).toBe('Caminho não permitido: __proto__.x');
    expect(caught.text).toBe('Error: Caminho não permitido: __proto__.x');
    for (const text of [caught.stack, caught.message, caught.text]) expectNoServerPath(text);
  });

  it('a code node that throws the stack it caught fails with no server path', async () => {
    const ports = createFakePorts();
    ports.variables.get = async () => {
      throw serverError();
    };
    const run = runNode(codeNode, {
      sandbox,
      ports,
      params: {
        code: "try { await getVar('TOKEN'); } catch (e) { throw new Error(e.stack); }",
      },
    });
    const failure = await run.then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toContain(`Erro no código: TypeError: ${readFailedShown}`);
    expectNoServerPath(failure?.message);
  });

  it("a custom connector's serviceAccount request fails with no server path", async () => {
    const connector = storedConnector({
      params: [{ name: 'conta', label: 'Conta da API', type: 'service_account' }],
      code: `async function handler(msg, params) {
        const api = serviceAccount('conta');
        const failed = {};
        for (const [name, go] of [
          ['rede', () => api.get('clientes/1')],
          ['parametro', () => serviceAccount('outra').get('clientes/1')],
        ]) {
          try { await go(); } catch (e) { failed[name] = { stack: e.stack, message: e.message, text: String(e) }; }
        }
        return { payload: failed };
      }`,
    });
    const harness = createHarness({ sandbox });
    harness.ports.accounts = {
      bearer: {
        _id: 'bearer',
        type: 'bearer_token',
        data: { token: 't', url: 'https://api.x/v1' },
      },
    };
    harness.ports.httpHandler = () => {
      throw serverError();
    };
    const result = await harness.run(
      connectorFlow(connector, { conta: 'bearer' }),
      {},
      { nodes: [customNodeDefinition(connector)] },
    );
    expect(result.status, result.error?.message).toBe('success');
    const failed = (result.lastMessage as { payload: Record<string, Caught> }).payload;
    expect(failed.rede?.message).toBe(readFailedShown);
    expect(failed.parametro?.message).toBe(messages.customNodes.accountParamUnknown('outra'));
    for (const caught of Object.values(failed))
      for (const text of [caught.stack, caught.message, caught.text]) expectNoServerPath(text);
  });
});
