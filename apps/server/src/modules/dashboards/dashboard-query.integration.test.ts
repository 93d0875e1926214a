import { expect, it } from 'vitest';
import { dashboardQueryResultSchema, type WidgetType } from '@ponte/shared/dashboards.schema';
import { messages } from '@ponte/shared/messages';
import { tableSchema, type Table } from '@ponte/shared/db-tables.schema';
import { field } from '../../test/db-table-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.dashboards;

const item = (id: string, type: WidgetType, config: Record<string, unknown> = {}, extra = {}) => ({
  id,
  type,
  config,
  ...extra,
});

describeEachDriver('dashboard query', (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);

  async function query(account: TestAccount, body: Record<string, unknown>) {
    const res = await api(account).post('/api/v1/dashboards/query', body);
    expect(res.statusCode, res.body).toBe(200);
    return dashboardQueryResultSchema.parse(res.json());
  }

  async function createTable(account: TestAccount): Promise<Table> {
    const res = await api(account).post('/api/v1/db/tables', {
      name: 'Pedidos',
      fields: [
        field('cliente'),
        field('valor', { type: 'integer' }),
        field('pago', { type: 'boolean' }),
        field('entrega', { type: 'date' }),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return tableSchema.parse(res.json());
  }

  /** Five orders, a second apart: valor 30, 5, 100, 20, 7; entrega on Nov 1, 2, 3, 4, 5. */
  async function seed(account: TestAccount, table: Table) {
    const values = [30, 5, 100, 20, 7];
    for (const [i, valor] of values.entries()) {
      t.clock.advance(1000);
      const res = await api(account).post('/api/v1/db/entities', {
        table: table._id,
        data: { cliente: `C${i + 1}`, valor, pago: i % 2 === 0, entrega: `2026-11-0${i + 1}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }

  it('answers a bad body with 400, period errors and text_html per widget', async () => {
    const account = await t.createAccount();
    const bad = await api(account).post('/api/v1/dashboards/query', {
      data: [item('widget-a', 'text_html', {}, { start_date: '2026-11-01' })],
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await api(account).post('/api/v1/dashboards/query', {
      data: [item('widget-a', 'pizza' as WidgetType)],
    });
    expect(unknown.statusCode).toBe(400);

    const result = await query(account, {
      data: [
        item('widget-html', 'text_html', { html: '<p>oi</p>' }),
        item(
          'widget-inv',
          'text_html',
          {},
          {
            start_date: '2026-11-02T00:00:00Z',
            end_date: '2026-11-01T00:00:00Z',
          },
        ),
        item(
          'widget-long',
          'text_html',
          {},
          {
            start_date: '2020-01-01T00:00:00Z',
            end_date: '2026-11-01T00:00:00Z',
          },
        ),
      ],
    });
    expect(result).toEqual({
      'widget-html': { kind: 'none' },
      'widget-inv': { kind: 'error', error: m.periodInverted },
      'widget-long': { kind: 'error', error: m.periodTooLong },
    });
  });

  it('lists a table sorted, paged, in the period, with its columns; one failing widget spares the others', async () => {
    const account = await t.createAccount();
    const intruder = await t.createAccount({ workspaceName: 'Outro' });
    const table = await createTable(account);
    await seed(account, table);
    const list = (config: Record<string, unknown>, page = 1) =>
      query(account, {
        periodType: '1_day',
        data: [item('widget-db', 'database_list', { table_id: table._id, ...config })],
        widgetUserOptions: { 'widget-db': { page } },
      }).then((r) => r['widget-db']!);

    const newest = await list({ show_per_page: 2 });
    expect(newest).toMatchObject({
      kind: 'list',
      page: 1,
      show_per_page: 2,
      total: 5,
      total_pages: 3,
    });
    if (newest.kind !== 'list') throw new Error('list expected');
    expect(newest.items.map((i) => i.cliente)).toEqual(['C5', 'C4']);
    expect(newest.columns).toEqual([
      { key: 'cliente', label: 'Cliente', type: 'text' },
      { key: 'valor', label: 'Valor', type: 'number' },
      { key: 'pago', label: 'Pago', type: 'boolean' },
      { key: 'entrega', label: 'Entrega', type: 'date' },
    ]);
    expect(Object.keys(newest.items[0]!).sort()).toEqual(
      ['_id', 'cliente', 'created_at', 'entrega', 'pago', 'updated_at', 'valor'].sort(),
    );
    const last = await list({ show_per_page: 2 }, 9);
    expect(last).toMatchObject({ page: 3, total_pages: 3 });
    if (last.kind !== 'list') throw new Error('list expected');
    expect(last.items.map((i) => i.cliente)).toEqual(['C1']);

    const byValue = await list({
      sort_column: 'valor',
      sort_dir: 'asc',
      columns: ['valor', 'gone'],
    });
    if (byValue.kind !== 'list') throw new Error('list expected');
    expect(byValue.items.map((i) => i.valor)).toEqual([5, 7, 20, 30, 100]);
    expect(byValue.columns).toEqual([{ key: 'valor', label: 'Valor', type: 'number' }]);
    const byValueDesc = await list({ sort_column: 'valor', sort_dir: 'desc' });
    if (byValueDesc.kind !== 'list') throw new Error('list expected');
    expect(byValueDesc.items.map((i) => i.valor)).toEqual([100, 30, 20, 7, 5]);
    const oldest = await list({ sort_dir: 'asc' });
    if (oldest.kind !== 'list') throw new Error('list expected');
    expect(oldest.items.map((i) => i.cliente)).toEqual(['C1', 'C2', 'C3', 'C4', 'C5']);

    // period_field on a date field: Nov 2 to Nov 4 in São Paulo.
    const byDate = await query(account, {
      data: [
        item(
          'widget-db',
          'database_list',
          { table_id: table._id, period_field: 'entrega', sort_column: 'entrega', sort_dir: 'asc' },
          { start_date: '2026-11-02T03:00:00Z', end_date: '2026-11-05T02:59:59Z' },
        ),
      ],
    });
    const dated = byDate['widget-db']!;
    if (dated.kind !== 'list') throw new Error('list expected');
    expect(dated.items.map((i) => i.entrega)).toEqual(['2026-11-02', '2026-11-03', '2026-11-04']);
    // The same days as moment writes them for spec 2's `YYYY-MM-DDTHH:mm:ssZ`: São Paulo's offset.
    const byZonedDate = await query(account, {
      data: [
        item(
          'widget-db',
          'database_list',
          { table_id: table._id, period_field: 'entrega', sort_column: 'entrega', sort_dir: 'asc' },
          { start_date: '2026-11-02T00:00:00-03:00', end_date: '2026-11-04T23:59:59-03:00' },
        ),
      ],
    });
    expect(byZonedDate).toEqual(byDate);

    // Another workspace's table is an error of that widget only.
    const mixed = await api(intruder).post('/api/v1/dashboards/query', {
      data: [
        item('widget-db', 'database_list', { table_id: table._id }),
        item('widget-html', 'text_html'),
      ],
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toEqual({
      'widget-db': { kind: 'error', error: m.tableMissing },
      'widget-html': { kind: 'none' },
    });
  });

  it('a widget saved with the names of fields renamed since still shows and sorts them', async () => {
    const account = await t.createAccount();
    const table = await createTable(account);
    await seed(account, table);
    const renamed = await api(account).put(`/api/v1/db/tables/${table._id}`, {
      name: table.name,
      fields: [
        field('cliente', { previous_name: 'cliente' }),
        field('total', { label: 'Total', type: 'integer', previous_name: 'valor' }),
        field('pago', { type: 'boolean', previous_name: 'pago' }),
        field('prazo', { label: 'Prazo', type: 'date', previous_name: 'entrega' }),
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const result = await query(account, {
      data: [
        item(
          'widget-db',
          'database_list',
          {
            table_id: table._id,
            columns: ['valor', 'entrega'],
            period_field: 'entrega',
            sort_column: 'valor',
            sort_dir: 'desc',
          },
          { start_date: '2026-11-02T03:00:00Z', end_date: '2026-11-05T02:59:59Z' },
        ),
      ],
    });
    const list = result['widget-db']!;
    if (list.kind !== 'list') throw new Error('list expected');
    expect(list.columns).toEqual([
      { key: 'total', label: 'Total', type: 'number' },
      { key: 'prazo', label: 'Prazo', type: 'date' },
    ]);
    expect(list.items.map((i) => [i.total, i.prazo])).toEqual([
      [100, '2026-11-03'],
      [20, '2026-11-04'],
      [5, '2026-11-02'],
    ]);
  });
});
