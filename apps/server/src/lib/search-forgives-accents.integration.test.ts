import { expect, it } from 'vitest';
import { chain } from '../test/flow-fixtures';
import { field } from '../test/db-table-fixtures';
import { useTestApp, type Requester, type TestContext } from '../test/test-app';
import { describeEachDriver } from '../test/test-database';
import { createLogWriter } from '../modules/logs/log-writer';
import { connectorBody } from '../modules/custom-nodes/custom-node-fixtures';

/**
 * One kind of search: `add` stores an item under a name, `find` answers the names a search
 * finds. Every list search and text filter of the product, through the built app.
 */
interface SearchKind {
  kind: string;
  /** Creates what the search will look through (`names` in order); may answer a context. */
  add(t: TestContext, api: Requester, workspaceId: string, names: string[]): Promise<string>;
  find(api: Requester, search: string, context: string): Promise<string[]>;
}

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer;
};
const each = async (names: string[], create: (name: string) => Promise<unknown>) => {
  for (const name of names) await create(name);
  return '';
};
/** A list answering `{items: [{name}]}` for `?query=` (`?filter=` for alert rules, spec 2). */
const namedList = (url: string, body: (name: string) => object, param = 'query'): SearchKind => ({
  kind: url,
  add: (_t, api, _ws, names) => each(names, (name) => ok(api.post(url, body(name)))),
  async find(api, search) {
    const res = await ok(api.get(`${url}?${param}=${encodeURIComponent(search)}`));
    return (JSON.parse(res.body) as { items: { name: string }[] }).items.map((i) => i.name);
  },
});

const kinds: SearchKind[] = [
  namedList('/api/v1/flows', (name) => ({
    name,
    enabled: false,
    data: chain({ type: 'core_manual_trigger' }),
  })),
  namedList('/api/v1/forms', (name) => ({
    name,
    fields: [{ type: 'text', name: 'nome', label: 'Nome' }],
  })),
  namedList('/api/v1/queues', (name) => ({ name })),
  namedList('/api/v1/db/tables', (name) => ({ name, fields: [field('nome')] })),
  namedList('/api/v1/dashboards', (name) => ({ name, widgets: [] })),
  namedList(
    '/api/v1/alert-rules',
    (name) => ({
      name,
      action_email_to: 'ops@exemplo.com.br',
      match_log_content: 'timeout',
    }),
    'filter',
  ),
  namedList('/api/v1/groups', (name) => ({ name })),
  namedList('/api/v1/custom-nodes', (name) => connectorBody(name)),
  namedList('/api/v1/variables', (name) => ({
    name,
    key: `V_${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    value: '1',
  })),
  {
    kind: 'records: text filter',
    async add(_t, api, _ws, names) {
      const table = await ok(api.post('/api/v1/db/tables', { name: 'T', fields: [field('nome')] }));
      const tableId = (JSON.parse(table.body) as { _id: string })._id;
      await each(names, (nome) =>
        ok(api.post('/api/v1/db/entities', { table: tableId, data: { nome } })),
      );
      return tableId;
    },
    async find(api, search, table) {
      const filter = { table, fields: { nome: { contains: search } } };
      const res = await ok(
        api.get(`/api/v1/db/entities?filter=${encodeURIComponent(JSON.stringify(filter))}`),
      );
      return (JSON.parse(res.body) as { items: { data: { nome: string } }[] }).items
        .map((i) => i.data.nome)
        .sort();
    },
  },
  {
    kind: 'storage',
    add: (_t, api, _ws, names) =>
      each(names, (name) => ok(api.post('/api/v1/storage/folder', { pathFile: name }))),
    async find(api, search) {
      const res = await ok(
        api.get(`/api/v1/storage/search?filter.searchTerm=${encodeURIComponent(search)}`),
      );
      return (JSON.parse(res.body) as { data: { name: string }[] }).data.map((i) => i.name).sort();
    },
  },
  {
    kind: 'monitoring logs: message and label',
    async add(t, _api, workspaceId, names) {
      const writer = createLogWriter(t.database.db, { maxBatch: 1000 });
      names.forEach((name, n) =>
        writer.write({
          workspaceId,
          flowId: 'flow-a',
          executionId: 'exec-1',
          type: 'user',
          // One in the label, the others in the message: the search looks at both.
          label: n === 0 ? name : '',
          message: n === 0 ? 'linha' : name,
          createdAt: t.clock.now(),
        }),
      );
      await writer.close();
      return '';
    },
    async find(api, search) {
      const filters = encodeURIComponent(JSON.stringify({ search }));
      const res = await ok(api.get(`/api/v1/monitoring/logs?filters=${filters}`));
      const items = (
        JSON.parse(res.body) as { items: { data: { label: string; message: string } }[] }
      ).items;
      return items.map((i) => (i.data.message === 'linha' ? i.data.label : i.data.message)).sort();
    },
  },
  {
    kind: 'dashboard log widget: search term',
    async add(t, _api, workspaceId, names) {
      const writer = createLogWriter(t.database.db, { maxBatch: 1000 });
      for (const message of names)
        writer.write({
          workspaceId,
          flowId: 'flow-a',
          executionId: 'exec-1',
          type: 'user',
          label: '',
          message,
          createdAt: t.clock.now(),
        });
      await writer.close();
      return '';
    },
    async find(api, search) {
      // Today (read through the time index) and the last week (through the trigram index).
      const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const week = {
        start_date: iso(Date.now() - 7 * 86_400_000),
        end_date: iso(Date.now() + 60_000),
      };
      const found: string[] = [];
      for (const [id, period] of [
        ['widget-hoje', {}],
        ['widget-semana', week],
      ] as const) {
        const config = { search_term: search, search_field: 'message' };
        const res = await ok(
          api.post('/api/v1/dashboards/query', {
            data: [{ id, type: 'log_count', config, ...period }],
          }),
        );
        found.push(String((JSON.parse(res.body) as Record<string, { value: number }>)[id]!.value));
      }
      return found;
    },
  },
];

const names = ['Saudação', 'Logística', 'Saudade'];

describeEachDriver('search that forgives accents', (driver) => {
  // The alert rules e-mail through the instance's SMTP server (docs/adr/0082); none is sent.
  const t = useTestApp(driver, {
    alerts: {
      smtp: { host: '127.0.0.2', port: 2525, secure: false },
      dispatchIntervalMs: 3_600_000,
    },
  });

  it.each(kinds.map((kind) => [kind.kind, kind] as const))(
    '%s: saudacao finds Saudação, LOGISTICA finds Logística',
    async (_kind, kind) => {
      const account = await t.createAccount();
      const api = t.request(account.token);
      const context = await kind.add(t, api, account.workspaceId, names);
      const find = (search: string) => kind.find(api, search, context);
      if (kind.kind.startsWith('dashboard')) {
        // A count, of today and of the week: one line each.
        for (const search of ['saudacao', 'LOGISTICA', 'SAUDAÇÃO', 'logística'])
          expect(await find(search), search).toEqual(['1', '1']);
        expect(await find('sauda_ao')).toEqual(['0', '0']);
        return;
      }
      expect(await find('saudacao')).toEqual(['Saudação']);
      expect(await find('LOGISTICA')).toEqual(['Logística']);
      expect(await find('SAUDAÇÃO')).toEqual(['Saudação']);
      expect(await find('logística')).toEqual(['Logística']);
      // `_` is still a character, not any character.
      expect(await find('sauda_ao')).toEqual([]);
    },
  );
});
