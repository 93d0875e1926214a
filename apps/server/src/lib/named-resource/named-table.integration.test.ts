import { afterAll, beforeAll, expect, it } from 'vitest';
import { ne, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { customers, dashboards, groups, queues, workspaces } from '../../db/schema';
import { createTestDatabase, describeEachDriver } from '../../test/test-database';
import {
  byName,
  createNamedTable,
  customerOf,
  newestFirst,
  type NamedListOptions,
  type NamedTableQueries,
} from './named-table';
import { uniqueNameGuard } from './unique-name';

describeEachDriver('named workspace resources', (driver) => {
  let handle: DatabaseHandle;
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));

  beforeAll(async () => {
    handle = await createTestDatabase(driver);
    const { db } = handle;
    await db
      .insert(customers)
      .values({ id: 'c1', name: 'Cliente', createdAt: at(0), updatedAt: at(0) });
    await db.insert(workspaces).values(
      ['w1', 'w2'].map((id) => ({
        id,
        customerId: 'c1',
        name: id,
        createdAt: at(0),
        updatedAt: at(0),
      })),
    );
    await db
      .insert(groups)
      .values({ id: 'g1', workspaceId: 'w1', name: 'Vendas', createdAt: at(0), updatedAt: at(0) });
    const dashboard = (
      id: string,
      workspaceId: string,
      name: string,
      minute: number,
      groupId: string | null = null,
    ) => ({ id, workspaceId, name, groupId, createdAt: at(minute), updatedAt: at(minute) });
    await db
      .insert(dashboards)
      .values([
        dashboard('d1', 'w1', 'Saudação', 1, 'g1'),
        dashboard('d2', 'w1', 'ação rápida', 2),
        dashboard('d3', 'w1', 'Resumo 50%_off', 3, 'g1'),
        dashboard('d4', 'w1', 'Balanço', 4),
        dashboard('d5', 'w2', 'Saudacao de outro', 5),
      ]);
  });

  afterAll(() => handle?.close());

  const table = () => createNamedTable(handle.db, dashboards);
  /** The names of one page of `named` in workspace w1, in the given order. */
  async function names(
    options: NamedListOptions,
    order: typeof byName = byName,
    named: NamedTableQueries = table(),
    ...own: SQL[]
  ) {
    const query = handle.db.select({ name: dashboards.name }).from(dashboards).$dynamic();
    const { items, total } = await named.page('w1', options, query, order(dashboards), ...own);
    return { items: items.map((row) => row.name), total };
  }

  it('searches the name with case and accents aside, in the workspace only', async () => {
    const page = await names({ page: 1, size: 10, query: 'SAUDACAO' });
    expect(page).toEqual({ items: ['Saudação'], total: 1 });
    const folded = await names({ page: 1, size: 10, query: 'acao' });
    expect(folded).toEqual({ items: ['ação rápida', 'Saudação'], total: 2 });
    const wildcards = await names({ page: 1, size: 10, query: '%_' });
    expect(wildcards.items).toEqual(['Resumo 50%_off']);
  });

  it("filters by a group, or by 'none' for the resources without one", async () => {
    const inGroup = await names({ page: 1, size: 10, group: 'g1' });
    expect(inGroup).toEqual({ items: ['Resumo 50%_off', 'Saudação'], total: 2 });
    const without = await names({ page: 1, size: 10, group: 'none' });
    expect(without).toEqual({ items: ['ação rápida', 'Balanço'], total: 2 });
  });

  it('pages in the given order, a page past the end showing the last one', async () => {
    const first = await names({ page: 1, size: 3 }, newestFirst);
    expect(first).toEqual({ items: ['Balanço', 'Resumo 50%_off', 'ação rápida'], total: 4 });
    const past = await names({ page: 9, size: 3 }, newestFirst);
    expect(past).toEqual({ items: ['Saudação'], total: 4 });
  });

  it("adds the area's own conditions and its visibility to every query", async () => {
    const hidden = createNamedTable(handle.db, dashboards, ne(dashboards.id, 'd4'));
    const own = await names({ page: 1, size: 10 }, byName, hidden, ne(dashboards.id, 'd2'));
    expect(own).toEqual({ items: ['Resumo 50%_off', 'Saudação'], total: 2 });
    expect(await hidden.remove('w1', 'd4')).toBe(false);
  });

  it('finds, writes and saves rows inside the workspace only', async () => {
    const named = table();
    expect(await named.find('w1', 'd1')).toMatchObject({ name: 'Saudação', groupId: 'g1' });
    expect(await named.find('w2', 'd1')).toBeNull();
    const row = await named.insert({
      id: 'd9',
      workspaceId: 'w2',
      name: 'Novo',
      createdAt: at(9),
      updatedAt: at(9),
    });
    expect(row).toMatchObject({ id: 'd9', workspaceId: 'w2', name: 'Novo', widgets: [] });
    expect(await named.update('w1', 'd9', { name: 'Outro' })).toBeNull();
    expect(await named.update('w2', 'd9', { name: 'Outro' })).toMatchObject({ name: 'Outro' });
    expect(await named.remove('w2', 'd9')).toBe(true);
    expect(await customerOf(handle.db, 'w2')).toBe('c1');
    expect(await customerOf(handle.db, 'nenhum')).toBe('');
  });

  it('knows the groups of the workspace and removes only inside it', async () => {
    expect(await table().groupExists('w1', 'g1')).toBe(true);
    expect(await table().groupExists('w2', 'g1')).toBe(false);
    expect(await table().remove('w1', 'd5')).toBe(false);
    expect(await table().remove('w2', 'd5')).toBe(true);
    expect(await table().remove('w2', 'd5')).toBe(false);
  });

  it("maps the name index's violation to the area's conflict", async () => {
    const uniqueName = uniqueNameGuard({
      constraint: 'queues_workspace_name_unique',
      status: 409,
      message: 'Nome em uso.',
    });
    const insert = (id: string, workspaceId: string, name: string) =>
      uniqueName(() =>
        handle.db
          .insert(queues)
          .values({ id, workspaceId, customerId: 'c1', name, createdAt: at(0), updatedAt: at(0) }),
      );
    await insert('q1', 'w1', 'Pedidos');
    await expect(insert('q2', 'w1', 'PEDIDOS')).rejects.toMatchObject({
      statusCode: 409,
      code: 'conflict',
      details: [{ field: 'name', message: 'Nome em uso.' }],
    });
    await expect(insert('q3', 'w2', 'Pedidos')).resolves.toBeDefined();
  });
});
