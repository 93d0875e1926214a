import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { customNodeListSchema } from '@ponte/shared/custom-nodes.schema';
import { customNodes } from '../../db/schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import {
  connectorBody as body,
  connectorHandler as handler,
  createConnector,
} from './custom-node-fixtures';

describeEachDriver('custom connectors API: the list and the document', (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);
  const create = (account: TestAccount, connector: Parameters<typeof createConnector>[1]) =>
    createConnector(api(account), connector);
  const list = async (account: TestAccount, query = '') => {
    const res = await api(account).get(`/api/v1/custom-nodes${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return customNodeListSchema.parse(res.json());
  };

  it('lists 10 by page by name ignoring case, searches by name and filters by group', async () => {
    const account = await t.createAccount();
    const group = (await api(account).post('/api/v1/groups', { name: 'Correios' })).json();
    for (let n = 12; n >= 1; n--)
      await create(
        account,
        body(`${n % 2 ? 'conector' : 'Conector'} ${String(n).padStart(2, '0')}`, {
          ...(n <= 3 ? { group: group._id } : {}),
        }),
      );
    const first = await list(account);
    expect(first.total).toBe(12);
    expect(first.items.map((c) => c.name.toLowerCase())).toEqual(
      Array.from({ length: 10 }, (_, i) => `conector ${String(i + 1).padStart(2, '0')}`),
    );
    expect((await list(account, '?page=2')).items.map((c) => c.name)).toEqual([
      'conector 11',
      'Conector 12',
    ]);
    // A page past the end shows the last one.
    expect((await list(account, '?page=9')).items).toHaveLength(2);
    expect((await list(account, '?limit=1000')).items).toHaveLength(12);
    expect((await list(account, '?limit=5&page=3')).items).toHaveLength(2);
    expect((await list(account, '?query=CONECTOR 1')).items.map((c) => c.name)).toEqual([
      'Conector 10',
      'conector 11',
      'Conector 12',
    ]);
    expect((await list(account, '?query=100%')).total).toBe(0);
    const grouped = await list(account, `?group=${group._id as string}`);
    expect(grouped.items.map((c) => c.name)).toEqual(['conector 01', 'Conector 02', 'conector 03']);
    expect((await list(account, '?group=none')).total).toBe(9);
  });

  it('answers at most 1000 connectors to a list-all', async () => {
    const account = await t.createAccount();
    const at = new Date();
    await t.database.db.insert(customNodes).values(
      Array.from({ length: 1001 }, (_, i) => ({
        id: randomUUID(),
        workspaceId: account.workspaceId,
        name: `Conector ${String(i).padStart(4, '0')}`,
        description: 'Em massa',
        code: handler,
        createdAt: at,
        updatedAt: at,
      })),
    );
    const all = await list(account, '?limit=5000');
    expect(all.total).toBe(1001);
    expect(all.items).toHaveLength(1000);
    expect((await list(account, '?limit=1000&page=2')).items.map((c) => c.name)).toEqual([
      'Conector 1000',
    ]);
  });

  it('publishes its routes in the OpenAPI document, each with a session', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const paths = doc.paths as Record<string, Record<string, { security?: unknown }>>;
    expect(Object.keys(paths['/api/v1/custom-nodes']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/v1/custom-nodes/{id}']!).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
    expect(paths['/api/v1/custom-nodes/duplicate/{id}']!.post!.security).toEqual([
      { bearerAuth: [] },
    ]);
    const answer = doc.paths['/api/v1/custom-nodes/{id}'].get.responses['200'].content[
      'application/json'
    ].schema as { properties: Record<string, unknown> };
    expect(Object.keys(answer.properties)).toEqual(
      expect.arrayContaining(['_id', 'params', 'version', 'node_type', 'imageData']),
    );
  });
});
