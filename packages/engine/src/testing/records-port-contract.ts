import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordFilter, RecordQuery } from '@ponte/shared/db-record-query.schema';
import type { TableField } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { ExecutionScope, RecordsPort } from '../ports';
import { testSignal } from './fake-ports';

const m = messages.recordNodes;

type ContractField = Pick<TableField, 'name' | 'type' | 'length' | 'default_value'> &
  Pick<TableField, 'is_unique' | 'is_required'>;

const field = (
  name: string,
  type: TableField['type'],
  extra: Partial<ContractField> = {},
): ContractField => ({
  name,
  type,
  length: type === 'string' || type === 'longtext' ? 120 : null,
  default_value: null,
  is_unique: false,
  is_required: false,
  ...extra,
});

/**
 * The tables every subject creates before the suite: `clientes` in the scope's workspace,
 * `segredos` in the other scope's. Each test writes its own `lote`, so they share the table.
 */
export const recordsContractTables = {
  clientes: [
    field('lote', 'string'),
    field('nome', 'string', { is_required: true }),
    field('email', 'string', { is_unique: true }),
    field('idade', 'integer'),
    field('saldo', 'float'),
    field('ativo', 'boolean', { default_value: 'true' }),
    field('nascimento', 'date'),
    field('visto_em', 'datetime'),
    field('notas', 'longtext'),
  ],
  segredos: [field('nome', 'string')],
} as const;

export interface RecordsContractSubject {
  records: RecordsPort;
  scope: ExecutionScope;
  /** An execution of another workspace, which owns `segredos`. */
  otherScope: ExecutionScope;
  tableIds: { clientes: string; segredos: string };
  close?(): Promise<void>;
}

/**
 * What the record nodes expect of the records port, run against the engine's fake and the
 * server's records service alike. Messages of the port's own rules are compared exactly; those
 * about a value only need to name the field.
 */
export function describeRecordsPortContract(
  name: string,
  make: () => Promise<RecordsContractSubject>,
): void {
  describe(`records port contract: ${name}`, () => {
    let subject: RecordsContractSubject;
    beforeAll(async () => {
      subject = await make();
    });
    afterAll(async () => {
      await subject?.close?.();
    });
    const get = () => subject;
    writes(get);
    finds(get);
    changes(get);
    removals(get);
  });
}

type Subject = () => RecordsContractSubject;

const lote = (l: string) => ({ filter: { lote: { equals: l } } });
const inserter = (subject: Subject) => (data: Record<string, unknown>) => {
  const s = subject();
  return s.records.insert(s.scope, s.tableIds.clientes, data, testSignal);
};

function writes(subject: Subject): void {
  const insert = inserter(subject);
  it('inserts by table id or name, coercing values and filling defaults', async () => {
    const s = subject();
    const byId = await insert({ lote: 'ins', nome: 'Ana', idade: '41', saldo: 10.5 });
    expect(byId).toMatchObject({
      table: s.tableIds.clientes,
      data: { nome: 'Ana', idade: 41, saldo: 10.5, ativo: true },
    });
    expect(byId._id).toEqual(expect.any(String));
    const byName = await s.records.insert(
      s.scope,
      'clientes',
      { lote: 'ins', nome: 'Bia' },
      testSignal,
    );
    expect(byName.table).toBe(s.tableIds.clientes);
    expect(await s.records.get(s.scope, 'clientes', byId._id, testSignal)).toEqual(byId);
    expect(await s.records.get(s.scope, 'clientes', 'nao-existe', testSignal)).toBeNull();
  });

  it('reads numbers given as text the way Brazilians type them (docs/adr/0077)', async () => {
    const typed = await insert({ lote: 'br', nome: 'Caio', idade: '1.234', saldo: '1.234,56' });
    expect(typed.data).toMatchObject({ idade: 1234, saldo: 1234.56 });
    const plain = await insert({ lote: 'br', nome: 'Davi', idade: '12', saldo: '1234.56' });
    expect(plain.data).toMatchObject({ idade: 12, saldo: 1234.56 });
    await expect(insert({ lote: 'br', nome: 'E', saldo: '1,234.56' })).rejects.toThrow(/saldo/);
  });

  it('names a missing table, and a table of another workspace is missing', async () => {
    const s = subject();
    await expect(s.records.find(s.scope, 'nao_existe', {}, testSignal)).rejects.toThrow(
      m.tableMissing('nao_existe'),
    );
    for (const ref of [s.tableIds.segredos, 'segredos']) {
      await expect(s.records.insert(s.scope, ref, { nome: 'x' }, testSignal)).rejects.toThrow(
        m.tableMissing(ref),
      );
      await expect(
        s.records.delete(s.scope, ref, { filter: { nome: { equals: 'x' } } }, testSignal),
      ).rejects.toThrow(m.tableMissing(ref));
    }
  });

  it("never reaches another workspace's record through an id", async () => {
    const s = subject();
    const secret = await s.records.insert(s.otherScope, 'segredos', { nome: 'cofre' }, testSignal);
    const target = { id: secret._id };
    expect(await s.records.get(s.scope, 'clientes', secret._id, testSignal)).toBeNull();
    expect(await s.records.update(s.scope, 'clientes', target, { nome: 'x' }, testSignal)).toEqual(
      [],
    );
    expect(await s.records.delete(s.scope, 'clientes', target, testSignal)).toBe(0);
    expect(await s.records.get(s.otherScope, 'segredos', secret._id, testSignal)).toEqual(secret);
  });

  it('refuses a bad value, a missing required field and a taken unique value', async () => {
    const s = subject();
    await expect(insert({ lote: 'bad', nome: 'A', idade: 'quarenta' })).rejects.toThrow(/idade/);
    await expect(insert({ lote: 'bad', idade: 3 })).rejects.toThrow(/nome/);
    await insert({ lote: 'bad', nome: 'A', email: 'a@exemplo.com.br' });
    await expect(insert({ lote: 'bad', nome: 'B', email: 'a@exemplo.com.br' })).rejects.toThrow(
      /email/,
    );
    const rows = await s.records.find(s.scope, 'clientes', lote('bad'), testSignal);
    expect(rows.map((r) => r.data.nome)).toEqual(['A']);
  });
}

function finds(subject: Subject): void {
  const insert = inserter(subject);
  it('finds by contains case and accents aside (docs/adr/0079)', async () => {
    const s = subject();
    await insert({ lote: 'acentos', nome: 'Saudação' });
    await insert({ lote: 'acentos', nome: 'Saudade' });
    await insert({ lote: 'acentos', nome: 'LOGISTICA' });
    const names = async (contains: string) => {
      const filter = { lote: { equals: 'acentos' }, nome: { contains } };
      const found = await s.records.find(s.scope, 'clientes', { filter }, testSignal);
      return found.map((r) => r.data.nome);
    };
    expect(await names('saudacao')).toEqual(['Saudação']);
    expect(await names('Logística')).toEqual(['LOGISTICA']);
  });
  it('finds by contains, ranges, equals and empty, sorted and limited', async () => {
    const s = subject();
    const base = { lote: 'find' };
    await insert({
      ...base,
      nome: 'Ana Souza',
      idade: 20,
      ativo: false,
      nascimento: '1990-05-01',
      visto_em: '2026-03-01T10:00:00-03:00',
    });
    await insert({
      ...base,
      nome: 'Bruno',
      idade: 35,
      nascimento: '1985-01-31',
      visto_em: '2026-03-02T01:00:00Z',
    });
    await insert({ ...base, nome: 'Carla souza', idade: 50, saldo: 1.5 });
    // Records written in the same instant have no order of their own: unsorted answers are
    // compared as sets.
    const names = async (filter: RecordFilter, extra: Omit<RecordQuery, 'filter'> = {}) => {
      const query = { filter: { lote: { equals: 'find' }, ...filter }, ...extra };
      const found = (await s.records.find(s.scope, 'clientes', query, testSignal)).map(
        (r) => r.data.nome,
      );
      return extra.sort ? found : found.sort();
    };
    expect(await names({ nome: { contains: 'SOUZA' } })).toEqual(['Ana Souza', 'Carla souza']);
    expect(await names({ idade: { from: 30, to: 50 } })).toEqual(['Bruno', 'Carla souza']);
    expect(await names({ idade: { from: '21' } })).toEqual(['Bruno', 'Carla souza']);
    expect(await names({ nascimento: { from: '1985-01-31', to: '1989-12-31' } })).toEqual([
      'Bruno',
    ]);
    expect(
      await names({
        visto_em: { from: '2026-03-01T13:00:00Z', to: '2026-03-01T22:00:00-03:00' },
      }),
    ).toEqual(['Ana Souza', 'Bruno']);
    // Bounds without an offset are read at `timezoneOffset`: São Paulo's (180) unless told.
    // Ana was seen on March 1st in both zones, Bruno at 22:00 of March 1st in São Paulo only.
    const march1 = { visto_em: { from: '2026-03-01', to: '2026-03-01' } };
    expect(await names(march1)).toEqual(['Ana Souza', 'Bruno']);
    expect(await names(march1, { timezoneOffset: 0 })).toEqual(['Ana Souza']);
    expect(await names({ visto_em: { from: '2026-03-01T13:00' } }, { timezoneOffset: 0 })).toEqual([
      'Ana Souza',
      'Bruno',
    ]);
    expect(await names({ visto_em: { to: '2026-03-01T09:59' } })).toEqual([]);
    expect(await names({ ativo: { equals: false } })).toEqual(['Ana Souza']);
    expect(await names({ ativo: { equals: true } })).toEqual(['Bruno', 'Carla souza']);
    expect(await names({ nome: { equals: 'Bruno' } })).toEqual(['Bruno']);
    expect(await names({ idade: { equals: '35' } })).toEqual(['Bruno']);
    expect(await names({ saldo: { equals: null } })).toEqual(['Ana Souza', 'Bruno']);
    expect(await names({}, { sort: { field: 'idade', direction: 'desc' }, limit: 2 })).toEqual([
      'Carla souza',
      'Bruno',
    ]);
    await expect(names({ inexistente: { equals: 1 } })).rejects.toThrow(
      messages.records.unknownField('inexistente', 'clientes'),
    );
  });
}

function changes(subject: Subject): void {
  const insert = inserter(subject);
  it('updates by id or filter, only the given fields, all or nothing', async () => {
    const s = subject();
    const a = await insert({ lote: 'upd', nome: 'A', idade: 1, email: 'upd-a@x.com' });
    await insert({ lote: 'upd', nome: 'B', idade: 2, email: 'upd-b@x.com' });
    const [one, ...none] = await s.records.update(
      s.scope,
      'clientes',
      { id: a._id },
      { idade: '7' },
      testSignal,
    );
    expect(none).toEqual([]);
    expect(one).toMatchObject({
      _id: a._id,
      data: { nome: 'A', idade: 7, email: 'upd-a@x.com' },
    });
    const both = await s.records.update(s.scope, 'clientes', lote('upd'), { saldo: 2 }, testSignal);
    expect(both.map((r) => [r.data.nome, r.data.saldo]).sort()).toEqual([
      ['A', 2],
      ['B', 2],
    ]);
    await expect(
      s.records.update(s.scope, 'clientes', lote('upd'), { email: 'mesmo@x.com' }, testSignal),
    ).rejects.toThrow(/email/);
    await expect(
      s.records.update(s.scope, 'clientes', lote('upd'), { idade: 'x', saldo: 3 }, testSignal),
    ).rejects.toThrow(/idade/);
    const after = await s.records.find(s.scope, 'clientes', lote('upd'), testSignal);
    expect(after.map((r) => [r.data.email, r.data.saldo]).sort()).toEqual([
      ['upd-a@x.com', 2],
      ['upd-b@x.com', 2],
    ]);
    await expect(
      s.records.update(s.scope, 'clientes', { filter: {} }, { saldo: 0 }, testSignal),
    ).rejects.toThrow(m.targetRequired);
  });

  it(`refuses an update by filter over ${limits.recordsUpdateMax} records`, async () => {
    const s = subject();
    for (let i = 0; i <= limits.recordsUpdateMax; i++)
      await insert({ lote: 'muitos', nome: `n${i}` });
    await expect(
      s.records.update(s.scope, 'clientes', lote('muitos'), { saldo: 1 }, testSignal),
    ).rejects.toThrow(m.updateTooMany(limits.recordsUpdateMax));
    const rows = await s.records.find(
      s.scope,
      'clientes',
      { ...lote('muitos'), limit: 1000 },
      testSignal,
    );
    expect(rows.every((r) => r.data.saldo === null || r.data.saldo === undefined)).toBe(true);
  });

  it('upserts by a unique field: inserts, then updates the same record', async () => {
    const s = subject();
    const first = await s.records.upsert(
      s.scope,
      'clientes',
      'email',
      {
        lote: 'ups',
        nome: 'U',
        email: 'u@x.com',
      },
      testSignal,
    );
    const second = await s.records.upsert(
      s.scope,
      'clientes',
      'email',
      {
        email: 'u@x.com',
        idade: 9,
      },
      testSignal,
    );
    expect(second).toMatchObject({ _id: first._id, data: { nome: 'U', idade: 9 } });
    expect(await s.records.find(s.scope, 'clientes', lote('ups'), testSignal)).toHaveLength(1);
    await expect(
      s.records.upsert(s.scope, 'clientes', 'nome', { nome: 'U' }, testSignal),
    ).rejects.toThrow(m.notUnique('nome', 'clientes'));
    await expect(
      s.records.upsert(s.scope, 'clientes', 'email', { nome: 'U' }, testSignal),
    ).rejects.toThrow(m.uniqueValueRequired('email'));
  });
}

function removals(subject: Subject): void {
  const insert = inserter(subject);
  it('deletes by id or filter and counts', async () => {
    const s = subject();
    const a = await insert({ lote: 'del', nome: 'A' });
    await insert({ lote: 'del', nome: 'B' });
    await insert({ lote: 'del', nome: 'C' });
    expect(await s.records.delete(s.scope, 'clientes', { id: a._id }, testSignal)).toBe(1);
    expect(await s.records.delete(s.scope, 'clientes', { id: a._id }, testSignal)).toBe(0);
    expect(
      await s.records.delete(
        s.scope,
        'clientes',
        {
          filter: { lote: { equals: 'del' }, nome: { equals: 'B' } },
        },
        testSignal,
      ),
    ).toBe(1);
    expect(await s.records.delete(s.scope, 'clientes', lote('del'), testSignal)).toBe(1);
    expect(await s.records.find(s.scope, 'clientes', lote('del'), testSignal)).toEqual([]);
    await expect(s.records.delete(s.scope, 'clientes', { filter: {} }, testSignal)).rejects.toThrow(
      m.targetRequired,
    );
  });
}
