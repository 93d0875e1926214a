import { describe, expect, it } from 'vitest';
import type { NodeDefinition } from '../kit/define-node';
import { createFakePorts, type FakePorts } from '../testing/fake-ports';
import { runNode } from '../testing/run-node';
import { dbDeleteNode } from './actions/db-delete/db-delete.node';
import { dbFindNode } from './actions/db-find/db-find.node';
import { dbGetNode } from './actions/db-get/db-get.node';
import { dbInsertNode } from './actions/db-insert/db-insert.node';
import { dbUpdateNode } from './actions/db-update/db-update.node';
import { dbUpsertNode } from './actions/db-upsert/db-upsert.node';
import { httpRequestNode } from './actions/http-request/http-request.node';
import { pgpNode } from './actions/pgp/pgp.node';
import { queuePublishNode } from './actions/queue-publish/queue-publish.node';
import { storageDeleteNode } from './actions/storage/storage-delete.node';
import { storageListNode } from './actions/storage/storage-list.node';
import { storageReadNode } from './actions/storage/storage-read.node';
import { storageWriteNode } from './actions/storage/storage-write.node';

/** Which port method a node calls: replaced by one that never ends until its signal aborts. */
type PortMethod =
  | ['records', 'insert' | 'find' | 'get' | 'update' | 'upsert' | 'delete']
  | ['storage', 'write' | 'read' | 'stat' | 'copy' | 'list' | 'delete']
  | ['queues', 'publish']
  | ['serviceAccounts', 'get'];

const fields = [{ field: 'nome', value: 'Ana' }];
const cases: [string, NodeDefinition, Record<string, unknown>, PortMethod][] = [
  ['db insert', dbInsertNode, { table: 'clientes', fields }, ['records', 'insert']],
  ['db find', dbFindNode, { table: 'clientes' }, ['records', 'find']],
  ['db get', dbGetNode, { table: 'clientes', id: 'r1' }, ['records', 'get']],
  ['db update', dbUpdateNode, { table: 'clientes', id: 'r1', fields }, ['records', 'update']],
  [
    'db upsert',
    dbUpsertNode,
    { table: 'clientes', unique_field: 'nome', fields },
    ['records', 'upsert'],
  ],
  ['db delete', dbDeleteNode, { table: 'clientes', id: 'r1' }, ['records', 'delete']],
  [
    'storage write',
    storageWriteNode,
    { path: '/a.txt', source: 'text', content: 'oi' },
    ['storage', 'write'],
  ],
  [
    'storage write of a stored file',
    storageWriteNode,
    { path: '/b.txt', source: 'ref', content: '/a.txt' },
    ['storage', 'copy'],
  ],
  ['storage read', storageReadNode, { path: '/a.txt', read_as: 'text' }, ['storage', 'read']],
  [
    'storage read of a reference',
    storageReadNode,
    { path: '/a.txt', read_as: 'ref' },
    ['storage', 'stat'],
  ],
  ['storage list', storageListNode, { path: '/' }, ['storage', 'list']],
  ['storage delete', storageDeleteNode, { path: '/a.txt' }, ['storage', 'delete']],
  ['queue publish', queuePublishNode, { queue: 'pedidos' }, ['queues', 'publish']],
  [
    'http request with an account',
    httpRequestNode,
    { url: 'https://x.com', service_account: 'conta' },
    ['serviceAccounts', 'get'],
  ],
  [
    'pgp',
    pgpNode,
    { service_account: 'conta', operation: 'encrypt', content: 'oi' },
    ['serviceAccounts', 'get'],
  ],
];

/** Replaces the port method with one that ends only when the signal it is given aborts. */
function hang(ports: FakePorts, [port, method]: PortMethod): AbortSignal[] {
  const seen: AbortSignal[] = [];
  const hanging = (...args: unknown[]) => {
    const signal = args.at(-1) as AbortSignal;
    seen.push(signal);
    return new Promise((_, reject) => {
      if (signal.aborted) return reject(signal.reason as Error);
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  };
  (ports[port] as unknown as Record<string, unknown>)[method] = hanging;
  return seen;
}

describe('every port call a node makes carries the execution signal', () => {
  it.each(cases)('%s: the abort ends the hanging call with its reason', async (...row) => {
    const [, node, params, method] = row;
    const ports = createFakePorts();
    const seen = hang(ports, method);
    const controller = new AbortController();
    const running = runNode(node, { ports, params, signal: controller.signal });
    await waitUntil(() => seen.length === 1);
    const reason = new Error('Execução interrompida.');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    expect(seen).toEqual([controller.signal]);
  });
});

/** Waits (a few turns of the event loop) until `done` holds. */
async function waitUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(done()).toBe(true);
}
