import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { titularMessages } from '@ponte/shared/lgpd/titular-messages';
import {
  titularEraseResultSchema,
  titularRequestListSchema,
  titularSearchResultSchema,
  type TitularSearchResult,
} from '@ponte/shared/lgpd/titular.schema';
import type * as TitularSchemaModule from '@ponte/shared/lgpd/titular.schema';
import { dbRecords, dbTables, lgpdRequests, logs, users } from '../../db/schema';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { createLocalStorageDriver } from '../storage/local-driver';
import type { StorageDriver } from '../storage/storage-driver';

// A small cap, so that a search stops before a place's end without thousands of rows.
vi.mock('@ponte/shared/lgpd/titular.schema', async (importOriginal) => ({
  ...(await importOriginal<typeof TitularSchemaModule>()),
  titularScanMax: 8,
}));

const email = 'ana@exemplo.com.br';
const m = titularMessages;

const foundIn = (result: TitularSearchResult) =>
  Object.fromEntries(result.places.map((place) => [place.place, place.found]));

/**
 * A local storage whose removals and writes fail while `failing.remove` is set (an S3 answering
 * 5xx): the erasure deletes the files named with the value and rewrites the others.
 */
function failingStorage() {
  const dir = mkdtempSync(join(tmpdir(), 'ponte-titular-erasure-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const local = createLocalStorageDriver(dir);
  const failing = { remove: false };
  const driver: StorageDriver = {
    ...local,
    kind: local.kind,
    delete: async (workspaceId, path, signal) => {
      if (failing.remove) throw new Error(`S3 503 Service Unavailable em ${dir}${path}`);
      return local.delete(workspaceId, path, signal);
    },
    write: async (workspaceId, path, stream, options) => {
      if (failing.remove) throw new Error(`S3 503 Service Unavailable em ${dir}${path}`);
      return local.write(workspaceId, path, stream, options);
    },
  };
  return { driver, failing, dir };
}

async function seedRecord(t: TestContext, account: TestAccount, data: Record<string, string>) {
  const { db } = t.database;
  const tableId = randomUUID();
  await db.insert(dbTables).values({
    id: tableId,
    workspaceId: account.workspaceId,
    customerId: account.customerId,
    name: `Clientes ${tableId.slice(0, 8)}`,
    fields: [],
  });
  await db
    .insert(dbRecords)
    .values({ id: randomUUID(), workspaceId: account.workspaceId, tableId, data });
}

async function search(t: TestContext, token: string, query: string) {
  const res = await t.request(token).post('/api/v1/lgpd/titulars/search', { query });
  expect(res.statusCode, res.body).toBe(200);
  return titularSearchResultSchema.parse(res.json());
}

async function erase(t: TestContext, token: string, query: string, found: TitularSearchResult) {
  const res = await t
    .request(token)
    .post('/api/v1/lgpd/titulars/erase', { query, confirm: foundIn(found) });
  expect(res.statusCode, res.body).toBe(200);
  return titularEraseResultSchema.parse(res.json());
}

describe('a titular erasure that meets limits and failures', () => {
  const storage = failingStorage();
  const t = useTestApp('embedded', {
    queues: { sampleDepth: false },
    storage: { driver: storage.driver },
  });

  it('erases a place whose search stopped before its end, though it found none there', async () => {
    const account = await t.createAccount();
    const { db } = t.database;
    const line = (message: string, minutesAgo: number) => ({
      workspaceId: account.workspaceId,
      flowId: randomUUID(),
      executionId: randomUUID(),
      type: 'user' as const,
      label: 'cadastro',
      message,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    // The newest lines pass the database's filter but are another person's ('joana@…').
    await db
      .insert(logs)
      .values([
        ...Array.from({ length: 9 }, (_, i) => line('Contato joana@exemplo.com.br', i + 1)),
        line(`Contato ${email}`, 60),
      ]);

    const found = await search(t, account.token, email);
    const logsFound = found.places.find((place) => place.place === 'logs')!;
    expect(logsFound).toMatchObject({ found: 0, truncated: true });
    expect(found.total).toBe(0);

    const erasure = await erase(t, account.token, email, found);
    expect(erasure.places.find((place) => place.place === 'logs')).toMatchObject({
      found: 0,
      done: 1,
      after: 0,
      stopped_early: true,
    });
    // The titular's line is scrubbed in place (docs/adr/0124); the others are untouched.
    const left = await db.select().from(logs).where(eq(logs.workspaceId, account.workspaceId));
    expect(left.map((l) => l.message).sort()).toEqual(
      [...Array(9).fill('Contato joana@exemplo.com.br'), 'Contato [removido]'].sort(),
    );

    const csv = await t
      .request(account.token)
      .get(`/api/v1/lgpd/titulars/requests/${erasure.request_id}/report?format=csv`);
    expect(csv.body).toContain(m.erasedWhole);
  });

  it('records an erasure that failed in one place, with what the others did', async () => {
    const account = await t.createAccount();
    await seedRecord(t, account, { nome: 'Ana', email });
    await storage.driver.write(
      account.workspaceId,
      '/ficha.txt',
      Readable.from([Buffer.from(`E-mail: ${email}\n`)]),
      { maxBytes: 1_000_000, overwrite: true },
    );
    const found = await search(t, account.token, email);
    expect(foundIn(found)).toMatchObject({ records: 1, storage: 1 });

    storage.failing.remove = true;
    const erasure = await erase(t, account.token, email, found).finally(() => {
      storage.failing.remove = false;
    });
    const placeOf = (name: string) => erasure.places.find((place) => place.place === name)!;
    expect(placeOf('records')).toMatchObject({ found: 1, done: 1, after: 0 });
    expect(placeOf('storage')).toMatchObject({ found: 1, done: 0, after: 1, error: m.eraseFailed });
    expect(erasure.failed_places).toEqual(['storage']);
    expect(erasure.total_after).toBe(1);

    const rows = await t.database.db
      .select()
      .from(lgpdRequests)
      .where(eq(lgpdRequests.id, erasure.request_id));
    expect(rows).toHaveLength(1);
    const storageRow = rows[0]!.places.find((place) => place.place === 'storage')!;
    expect(storageRow).toMatchObject({ done: 0, after: 1, error: m.eraseFailed });
    expect(JSON.stringify(rows[0])).not.toContain(storage.dir);

    const list = titularRequestListSchema.parse(
      (await t.request(account.token).get('/api/v1/lgpd/titulars/requests')).json(),
    );
    expect(list.items[0]!.places.find((place) => place.place === 'storage')).toMatchObject({
      error: m.eraseFailed,
    });
  });

  it('records a request made with an API token whose creator is gone, named by the token', async () => {
    const owner = await t.createAccount();
    const admin = await t.addMember(owner, 'admin');
    const created = await t.request(admin.token).post('/api/v1/api-tokens', {
      name: 'Atendimento',
      scopes: ['lgpd.manage'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = (created.json() as { token: string }).token;
    await t.database.db.delete(users).where(eq(users.id, admin.userId));
    await seedRecord(t, owner, { nome: 'Ana', email });

    const found = await search(t, key, email);
    expect(found.total).toBe(1);
    const erasure = await erase(t, key, email, found);
    expect(erasure.total_after).toBe(0);

    const rows = await t.database.db
      .select()
      .from(lgpdRequests)
      .where(eq(lgpdRequests.workspaceId, owner.workspaceId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ userId: null, userName: 'Token de API Atendimento' });
    }
    const csv = await t
      .request(owner.token)
      .get(`/api/v1/lgpd/titulars/requests/${erasure.request_id}/report?format=csv`);
    expect(csv.body).toContain('Solicitado por;Token de API Atendimento');
  });

  it('finds and erases a phone written any way the detector takes it, exact and masked', async () => {
    const account = await t.createAccount();
    const { db } = t.database;
    const writings = ['11 98765 4321', '(11) 9 8765-4321', '+55 11 987654321'];
    const masks = ['11 ***** 4321', '(11) * ****-4321', '+55 11 *****4321'];
    for (const written of [...writings, ...masks]) {
      await seedRecord(t, account, { nome: 'Ana', telefone: written });
    }
    await seedRecord(t, account, { nome: 'Bia', telefone: '(21) 98765-4321' });
    await db.insert(logs).values(
      [...writings, ...masks].map((written) => ({
        workspaceId: account.workspaceId,
        flowId: randomUUID(),
        executionId: randomUUID(),
        type: 'user' as const,
        label: 'contato',
        message: `Ligar para ${written}`,
        createdAt: new Date(),
      })),
    );
    const found = await search(t, account.token, '(11) 98765-4321');
    const placeOf = (name: string) => found.places.find((place) => place.place === name)!;
    expect(placeOf('records')).toMatchObject({ found: 6, masked: 3 });
    expect(placeOf('logs')).toMatchObject({ found: 6, masked: 3 });

    const erasure = await erase(t, account.token, '11987654321', found);
    // The records holding only a masked writing are kept (they may be another person's): the
    // search after counts them as kept; every line is scrubbed in place.
    expect(erasure.places.find((place) => place.place === 'records')).toMatchObject({
      done: 3,
      after: 3,
      kept: 3,
    });
    expect(erasure.places.find((place) => place.place === 'logs')).toMatchObject({
      done: 6,
      after: 0,
    });
    const left = await db
      .select()
      .from(dbRecords)
      .where(eq(dbRecords.workspaceId, account.workspaceId));
    expect(left.map((row) => String(row.data.telefone)).sort()).toEqual(
      [...masks, '(21) 98765-4321'].sort(),
    );
    const again = await search(t, account.token, '+55 11 98765 4321');
    expect(again.total).toBe(3);
    expect(again.places.find((place) => place.place === 'records')).toMatchObject({
      found: 3,
      masked: 3,
    });
  });
});
