import { describe, expect, it } from 'vitest';
import type { EngineWidePorts, ExecutionScope } from '@ponte/engine/ports';
import type { Database } from '../db/client';
import { createEnginePorts } from './engine-ports';
import { createQueuesPort } from './queues-port';
import { createStoragePort, type FlowStorage } from './storage-port';
import type { VariablesReader } from './variables-reader';

const scope: ExecutionScope = { workspaceId: 'ws-1', flowId: 'f-1', executionId: 'e-1' };
const stopped = () => new Error('Execução interrompida.');

/** A call of the server's services that never ends: only the signal can end the port call. */
const never = <T>() => new Promise<T>(() => undefined);

/** A database that fails any use: a port call that reaches it started a statement. */
const noDatabase = new Proxy(
  {},
  {
    get: () => {
      throw new Error('a statement was started');
    },
  },
) as Database;

const hangingStorage: FlowStorage = {
  writeBytes: never,
  readBytes: never,
  fileRef: never,
  copy: never,
  list: never,
  remove: never,
};

function ports(): EngineWidePorts {
  return createEnginePorts(noDatabase, {
    http: { request: never },
    storage: createStoragePort(hangingStorage),
    queues: createQueuesPort({ publishFromFlow: never }),
    variables: { all: never, forget: () => undefined } as unknown as VariablesReader,
    serviceAccounts: { getDecrypted: never },
  });
}

type Call = (ports: EngineWidePorts, signal: AbortSignal) => Promise<unknown>;
const bytes = new Uint8Array([1]);
const calls: [string, Call][] = [
  ['variables.get', (p, s) => p.variables.get(scope, 'A', s)],
  ['variables.all', (p, s) => p.variables.all(scope, s)],
  ['serviceAccounts.get', (p, s) => p.serviceAccounts.get(scope, 'sa', s)],
  [
    'serviceAccounts.accessToken',
    (p, s) => p.serviceAccounts.accessToken(scope, 'sa', { signal: s }),
  ],
  ['storage.write', (p, s) => p.storage.write(scope, '/a', bytes, { overwrite: true }, s)],
  ['storage.read', (p, s) => p.storage.read(scope, '/a', 10, s)],
  ['storage.stat', (p, s) => p.storage.stat(scope, '/a', s)],
  ['storage.copy', (p, s) => p.storage.copy(scope, '/a', '/b', { overwrite: true }, s)],
  ['storage.list', (p, s) => p.storage.list(scope, '/', s)],
  ['storage.delete', (p, s) => p.storage.delete(scope, '/a', s)],
  ['queues.publish', (p, s) => p.queues.publish(scope, { queue: 'q', message: 1 }, s)],
];

const records: [string, Call][] = [
  ['records.insert', (p, s) => p.records.insert(scope, 't', { a: 1 }, s)],
  ['records.find', (p, s) => p.records.find(scope, 't', {}, s)],
  ['records.get', (p, s) => p.records.get(scope, 't', 'r', s)],
  ['records.update', (p, s) => p.records.update(scope, 't', { id: 'r' }, { a: 1 }, s)],
  ['records.upsert', (p, s) => p.records.upsert(scope, 't', 'a', { a: 1 }, s)],
  ['records.delete', (p, s) => p.records.delete(scope, 't', { id: 'r' }, s)],
];

describe("the server's engine ports and the execution signal", () => {
  it.each(calls)(
    '%s: a call that hangs rejects with the abort as soon as it comes',
    async (...row) => {
      const [, call] = row;
      const controller = new AbortController();
      const running = call(ports(), controller.signal);
      const reason = stopped();
      controller.abort(reason);
      await expect(running).rejects.toBe(reason);
    },
  );

  it.each([...calls, ...records])('%s: an aborted signal starts nothing', async (...row) => {
    const [, call] = row;
    const reason = stopped();
    await expect(call(ports(), AbortSignal.abort(reason))).rejects.toBe(reason);
  });
});
