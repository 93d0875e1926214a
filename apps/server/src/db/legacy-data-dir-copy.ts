import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { migrationsDir } from '../package-root';
import type { LegacySource } from './legacy-data-dir-source';

/** What was copied from the old database, for the log. */
export interface LegacyCopySummary {
  /** Rows per table of schema public. */
  tables: Record<string, number>;
  rows: number;
  /** Indexes created at run time (unique and filter indexes of database tables, docs/adr/0023). */
  indexes: string[];
}

/** A step of the copy failed; the message (pt-BR) says which. */
export class LegacyCopyError extends Error {
  override name = 'LegacyCopyError';
}

/** The comment the copy leaves on the new database, naming the old cluster it came from. */
export function copiedMarker(systemIdentifier: string): string {
  return `Ponte: dados copiados do banco embutido anterior (cluster ${systemIdentifier})`;
}

// Text forms every PostgreSQL reads back exactly (what pg_dump sets).
const exactText = [
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local timezone = 'UTC'`,
  `set local extra_float_digits = 3`,
  `set local bytea_output = 'hex'`,
];

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

interface Table {
  oid: number;
  name: string;
  /** The table rows are inserted into: the root of a partition tree, or the table itself. */
  root: string;
  parent: string | null;
  bound: string | null;
}

interface Column {
  name: string;
  type: string;
}

const tablesSql = `
  select c.oid::int as oid, c.relname as name,
    coalesce((select r.relname from pg_class r where r.oid = pg_partition_root(c.oid)), c.relname) as root,
    (select p.relname from pg_inherits i join pg_class p on p.oid = i.inhparent where i.inhrelid = c.oid) as parent,
    pg_get_expr(c.relpartbound, c.oid) as bound
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r' and c.relpersistence = 'p'
  order by c.relname`;

const columnsSql = `
  select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
  from pg_attribute a
  where a.attrelid = format('public.%I', $1::text)::regclass
    and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
  order by a.attnum`;

const indexesSql = `select indexname as name, indexdef as def from pg_indexes where schemaname = 'public'`;

const sequencesSql = `
  select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`;

/** Applies the app's pending migrations inside the source's open transaction (rolled back later). */
async function migrateSource(source: LegacySource): Promise<void> {
  const [present] = await source.query<{ ok: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
    [],
  );
  let last = -1;
  if (present?.ok) {
    const [row] = await source.query<{ at: string | null }>(
      `select max(created_at)::text as at from drizzle.__drizzle_migrations`,
      [],
    );
    if (row?.at) last = Number(row.at);
  }
  for (const migration of readMigrationFiles({ migrationsFolder: migrationsDir })) {
    if (migration.folderMillis <= last) continue;
    for (const statement of migration.sql) {
      if (statement.trim()) await source.query(statement);
    }
  }
}

async function targetRows<T>(target: pg.Client, sql: string, params: unknown[] = []) {
  return (await target.query(sql, params)).rows as T[];
}

/** The target's columns of `table`, checked against the source's (same names, same order). */
async function columnsOf(source: LegacySource, target: pg.Client, table: Table) {
  const theirs = await source.query<Column>(columnsSql, [table.name]);
  const ours = await targetRows<Column>(target, columnsSql, [table.root]);
  const names = (list: Column[]) => list.map((column) => column.name).join(',');
  if (names(theirs) !== names(ours)) {
    throw new LegacyCopyError(
      `a tabela ${table.name} não tem as mesmas colunas nos dois bancos (${names(theirs)} / ${names(ours)})`,
    );
  }
  return ours;
}

/** A leaf partition the target lacks (created at run time) is created like the source's. */
async function ensureTable(target: pg.Client, table: Table, present: Set<string>) {
  if (present.has(table.root)) {
    if (table.root === table.name || present.has(table.name)) return;
    if (table.parent && table.bound && present.has(table.parent)) {
      await target.query(
        `create table public.${ident(table.name)} partition of public.${ident(table.parent)} ${table.bound}`,
      );
      present.add(table.name);
      return;
    }
  }
  throw new LegacyCopyError(`a tabela ${table.name} não existe no novo banco`);
}

/**
 * Copies one table by ranges of pages (a TID range scan reads only those), each range as one
 * JSON array of the rows' text forms, cast back to the column types on the target. Ranges
 * grow while their text stays small and shrink when it gets large.
 */
async function copyTable(source: LegacySource, target: pg.Client, table: Table, columns: Column[]) {
  const from = `public.${ident(table.name)}`;
  const [size] = await source.query<{ pages: number; rows: string }>(
    `select (pg_relation_size(${literal(from)}::regclass) / current_setting('block_size')::int)::int as pages,
      (select count(*) from only ${from})::text as rows`,
    [],
  );
  const pages = size?.pages ?? 0;
  const select = `select count(*)::int as n,
      coalesce(json_agg(array[${columns.map((c) => `t.${ident(c.name)}::text`).join(', ')}]), '[]')::text as rows
    from only ${from} t where ctid >= $1::tid and ctid < $2::tid`;
  const insert = `insert into public.${ident(table.root)} (${columns.map((c) => ident(c.name)).join(', ')})
    overriding system value
    select ${columns.map((c, i) => `(e->>${i})::${c.type}`).join(', ')} from json_array_elements($1::json) e`;
  let copied = 0;
  let step = 32;
  for (let start = 0, end = 0; start < pages; start = end) {
    end = Math.min(start + step, pages);
    const [chunk] = await source.query<{ n: number; rows: string }>(select, [
      `(${start},0)`,
      `(${end},0)`,
    ]);
    if (!chunk || chunk.n === 0) continue;
    await target.query(insert, [chunk.rows]);
    copied += chunk.n;
    if (chunk.rows.length < 2_000_000 && step < 4096) step *= 2;
    else if (chunk.rows.length > 8_000_000) step = Math.max(1, Math.floor(step / 2));
  }
  const expected = Number(size?.rows ?? 0);
  if (copied !== expected) {
    throw new LegacyCopyError(
      `a tabela ${table.name} tem ${expected} linhas e ${copied} foram copiadas`,
    );
  }
  return copied;
}

async function checkEmpty(target: pg.Client, names: string[]) {
  for (const name of names) {
    const [row] = await targetRows<{ any: boolean }>(
      target,
      `select exists (select 1 from public.${ident(name)}) as any`,
    );
    if (row?.any) {
      throw new LegacyCopyError(
        `o novo banco embutido já tem dados (tabela ${name}); a cópia só é feita num banco novo`,
      );
    }
  }
}

/** Per root table, the target must count what the source's tables held. */
async function checkCounts(target: pg.Client, counts: Map<string, number>) {
  for (const [root, expected] of counts) {
    const [row] = await targetRows<{ n: string }>(
      target,
      `select count(*)::text as n from public.${ident(root)}`,
    );
    if (Number(row?.n) !== expected) {
      throw new LegacyCopyError(
        `a tabela ${root} tem ${expected} linhas no banco anterior e ${row?.n} no novo`,
      );
    }
  }
}

type Index = { name: string; def: string };

/**
 * The target's indexes that back no constraint, on ordinary tables: dropped before the copy
 * and created again after it (building an index once is far cheaper than updating it row by
 * row, the trigram ones above all). All inside the copy's transaction.
 */
async function dropIndexes(target: pg.Client): Promise<Index[]> {
  const found = await targetRows<Index>(
    target,
    `select x.relname as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class x on x.oid = i.indexrelid join pg_class c on c.oid = i.indrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and not c.relispartition
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  for (const index of found) await target.query(`drop index public.${ident(index.name)}`);
  return found;
}

async function createIndexes(target: pg.Client, indexes: Index[]): Promise<void> {
  for (const index of indexes) {
    await target.query(index.def).catch((error: Error) => {
      throw new LegacyCopyError(`ao criar o índice ${index.name}: ${error.message}`);
    });
  }
}

async function copyIndexes(source: LegacySource, target: pg.Client): Promise<string[]> {
  const present = new Set((await targetRows<Index>(target, indexesSql)).map((each) => each.name));
  const missing = (await source.query<Index>(indexesSql, [])).filter((i) => !present.has(i.name));
  await createIndexes(target, missing);
  return missing.map((index) => index.name);
}

async function copySequences(source: LegacySource, target: pg.Client) {
  type Sequence = { name: string; value: string | null };
  const present = new Set(
    (await targetRows<Sequence>(target, sequencesSql)).map((each) => each.name),
  );
  for (const sequence of await source.query<Sequence>(sequencesSql, [])) {
    if (!present.has(sequence.name)) {
      throw new LegacyCopyError(`a sequência ${sequence.name} não existe no novo banco`);
    }
    if (sequence.value === null) continue;
    await target.query(`select setval(format('public.%I', $1::text)::regclass, $2::bigint, true)`, [
      sequence.name,
      sequence.value,
    ]);
  }
}

/**
 * Copies every table of schema public of the old database into the new one, which the app's
 * migrations have already shaped, in ONE transaction on the target: a failure or a crash
 * leaves it as it was. The source runs the pending migrations inside a transaction that is
 * rolled back, so the old folder stays what the earlier version left. Triggers (foreign keys
 * included) are off during the copy (`session_replication_role`): the rows were already
 * consistent. The runtime indexes the target lacks are created from their definitions, the
 * sequences continue where they were, and the database gets `marker` as its comment in the
 * same transaction.
 */
export async function copyLegacyData(
  source: LegacySource,
  target: pg.Client,
  marker: string,
): Promise<LegacyCopySummary> {
  await source.query(['begin', ...exactText].join(';'));
  try {
    await migrateSource(source);
    await target.query('begin');
    try {
      for (const statement of exactText) await target.query(statement);
      await target.query('set local session_replication_role = replica');
      const present = new Set((await targetRows<Table>(target, tablesSql)).map((t) => t.name));
      await checkEmpty(target, [...present]);
      const dropped = await dropIndexes(target);
      const summary: LegacyCopySummary = { tables: {}, rows: 0, indexes: [] };
      const counts = new Map<string, number>();
      for (const table of await source.query<Table>(tablesSql, [])) {
        await ensureTable(target, table, present);
        const columns = await columnsOf(source, target, table);
        const copied = await copyTable(source, target, table, columns).catch((error: Error) => {
          if (error instanceof LegacyCopyError) throw error;
          throw new LegacyCopyError(`na tabela ${table.name}: ${error.message}`);
        });
        summary.tables[table.name] = copied;
        summary.rows += copied;
        counts.set(table.root, (counts.get(table.root) ?? 0) + copied);
      }
      await checkCounts(target, counts);
      await createIndexes(target, dropped);
      summary.indexes = await copyIndexes(source, target);
      await copySequences(source, target);
      const [database] = await targetRows<{ name: string }>(
        target,
        'select current_database() as name',
      );
      await target.query(`comment on database ${ident(database!.name)} is ${literal(marker)}`);
      await target.query('commit');
      return summary;
    } catch (error) {
      await target.query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    await source.query('rollback').catch(() => undefined);
  }
}
