import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { entityListSchema, tableSchema } from '@ponte/shared/db-tables.schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { field } from '../../test/db-table-fixtures';

const m = messages.records;

/** Numbers sent as text, as people in Brazil type them (docs/adr/0077). */
describeEachDriver('record numbers typed as text', (driver) => {
  const t = useTestApp(driver);

  it('stores "1.234,56", "1234,56", "1.234" and "1234.56" as the numbers the list shows', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const res = await api.post('/api/v1/db/tables', {
      name: 'Pedidos',
      fields: [
        field('codigo'),
        field('quantidade', { type: 'integer', default_value: '1.000' }),
        field('valor', { type: 'float' }),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const table = tableSchema.parse(res.json());
    const write = (data: Record<string, unknown>) =>
      api.post('/api/v1/db/entities', { table: table._id, data });

    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { codigo: 'a', valor: '1.234,56', quantidade: '1.234' },
        { valor: 1234.56, quantidade: 1234 },
      ],
      [
        { codigo: 'b', valor: '1234,56', quantidade: '-12' },
        { valor: 1234.56, quantidade: -12 },
      ],
      [
        { codigo: 'c', valor: '1234.56' },
        { valor: 1234.56, quantidade: 1000 },
      ],
      [
        { codigo: 'd', valor: '-1.234.567,89', quantidade: 7 },
        { valor: -1234567.89, quantidade: 7 },
      ],
    ];
    for (const [data, stored] of cases) {
      const created = await write(data);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject(stored);
    }

    for (const [data, message] of [
      [{ valor: '1,234.56' }, m.fieldFloat('Valor')],
      [{ valor: '12 reais' }, m.fieldFloat('Valor')],
      [{ quantidade: '1,5' }, m.fieldInteger('Quantidade')],
    ] as const) {
      const refused = await write({ codigo: 'x', ...data });
      expect(refused.statusCode, JSON.stringify(data)).toBe(400);
      expect(refused.json().message).toBe(message);
    }

    const filter = { table: table._id, fields: { valor: { from: '1.234,56', to: '1.234,56' } } };
    const found = await api.get(
      `/api/v1/db/entities?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    const codes = entityListSchema.parse(found.json()).items.map((item) => item.data.codigo);
    expect(codes.sort()).toEqual(['a', 'b', 'c']);
  });
});
