import type { Entity, Table, TableField } from '@ponte/shared/db-tables.schema';
import { mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { storeTestSession } from '../../test/session-fixtures';

export { catchDownloads } from '../../test/catch-downloads';

const field = (
  name: string,
  label: string,
  type: TableField['type'],
  position: number,
  extra: Partial<TableField> = {},
): TableField => ({
  name,
  label,
  type,
  length: type === 'string' || type === 'longtext' ? 255 : null,
  default_value: null,
  is_unique: false,
  is_required: false,
  position,
  ...extra,
});

export const clientes: Table = {
  _id: 't1',
  name: 'Clientes Ativos',
  group: 'g1',
  fields: [
    field('email', 'E-mail', 'string', 0, { is_unique: true, is_required: true }),
    field('nome', 'Nome', 'string', 1),
    field('idade', 'Idade', 'integer', 2),
    field('saldo', 'Saldo', 'float', 3),
    field('ativo', 'Ativo', 'boolean', 4, { default_value: 'true' }),
    field('nascimento', 'Nascimento', 'date', 5),
    field('visto_em', 'Visto em', 'datetime', 6),
    field('notas', 'Notas', 'longtext', 7, { length: 5000 }),
  ],
  entities_count: 2,
  apply_default_values_new_fields: false,
  workspace_id: 'w1',
  customer_id: 'c1',
  version: 1,
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-03-01T02:00:00.000Z',
};

export const ana: Entity = {
  _id: 'e1',
  table: 't1',
  data: {
    email: 'ana@exemplo.com.br',
    nome: 'Ana',
    idade: 31,
    saldo: 1234.5,
    ativo: true,
    nascimento: '1995-04-20',
    visto_em: '2026-01-15T12:34:56.000Z',
    notas: 'x'.repeat(150),
  },
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-01-15T12:34:56Z',
};

export const bruno: Entity = {
  _id: 'e2',
  table: 't1',
  data: { email: 'bruno@exemplo.com.br', nome: 'y'.repeat(120), ativo: false },
  created_at: '2026-01-16T12:34:56Z',
  updated_at: '2026-01-16T12:34:56Z',
};

/** A signed-in session and the calls every page of the app makes, plus `extra` first. */
export function setup(extra: MockRoute[] = []) {
  storeTestSession();
  return mockFetch([
    ...extra,
    { method: 'GET', path: '/api/v1/db/tables/t1', reply: { body: clientes } },
    { method: 'GET', path: '/api/v1/db/entities/e1', reply: { body: ana } },
    {
      method: 'GET',
      path: '/api/v1/groups',
      reply: {
        body: { items: [{ _id: 'g1', name: 'Vendas', created_at: '', updated_at: '' }], total: 1 },
      },
    },
    {
      method: 'GET',
      path: '/account/v1/config',
      reply: { body: { docs_url: null, support_url: null } },
    },
  ]);
}
