import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** One table of the app's schema as the backup holds it: `database/<name>.copy`. */
export interface TableDump {
  name: string;
  /** The columns written, in order (generated columns are left out: PostgreSQL computes them). */
  columns: string[];
  rows: number;
}

/** What the dump read besides the rows (docs/adr/0130). */
export interface DatabaseDump {
  /** How many of the app's migrations the database had, and the `when` of the last one. */
  migrations: { count: number; lastAt: number };
  tables: TableDump[];
  sequences: { name: string; lastValue: string | null }[];
  /** Every index of the schema: the ones made at run time (db-tables' unique fields) come back. */
  indexes: { name: string; definition: string }[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Counts the rows of a COPY text stream as it passes: one unescaped newline per row. */
function rowCounter() {
  let rows = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (const byte of chunk) if (byte === 0x0a) rows += 1;
      done(null, chunk);
    },
  });
  return { stream, rows: () => rows };
}

async function rowsOf<T>(client: pg.Client, text: string, values: unknown[] = []): Promise<T[]> {
  return (await client.query(text, values)).rows as T[];
}

/**
 * Writes every table of the `public` schema to `folder` with COPY, all inside one read-only
 * REPEATABLE READ transaction: one consistent snapshot while the server keeps writing.
 */
export async function dumpDatabase(client: pg.Client, folder: string): Promise<DatabaseDump> {
  await client.query('begin isolation level repeatable read read only');
  try {
    const [applied] = await rowsOf<{ count: number; last: string | null }>(
      client,
      'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    const names = await rowsOf<{ name: string }>(
      client,
      "select tablename as name from pg_tables where schemaname = 'public' order by 1",
    );
    const tables: TableDump[] = [];
    for (const { name } of names) {
      const columns = (
        await rowsOf<{ name: string }>(
          client,
          `select column_name as name from information_schema.columns
           where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
           order by ordinal_position`,
          [name],
        )
      ).map((column) => column.name);
      const counter = rowCounter();
      const copy = client.query(
        copyTo(`copy ${quote(name)} (${columns.map(quote).join(', ')}) to stdout`),
      );
      await pipeline(copy, counter.stream, createWriteStream(join(folder, `${name}.copy`)));
      tables.push({ name, columns, rows: counter.rows() });
    }
    const sequences = await rowsOf<{ name: string; lastValue: string | null }>(
      client,
      `select sequencename as name, last_value::text as "lastValue" from pg_sequences
       where schemaname = 'public' order by 1`,
    );
    const indexes = await rowsOf<{ name: string; definition: string }>(
      client,
      `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = 'public' order by 1`,
    );
    return {
      migrations: { count: applied?.count ?? 0, lastAt: Number(applied?.last ?? 0) },
      tables,
      sequences,
      indexes,
    };
  } finally {
    await client.query('rollback');
  }
}

/** The tables in an order where every table comes after the ones its foreign keys point to. */
async function loadOrder(client: pg.Client, tables: string[]): Promise<string[]> {
  const keys = await rowsOf<{ child: string; parent: string }>(
    client,
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  let left = [...tables];
  while (left.length) {
    const ready = left.filter((table) =>
      keys.every(
        (key) =>
          key.child !== table ||
          key.parent === table ||
          placed.has(key.parent) ||
          !tables.includes(key.parent),
      ),
    );
    // A cycle of foreign keys: none of the schema's has one, and the load would fail on it.
    if (!ready.length) throw new Error(`foreign keys in a cycle: ${left.join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
    left = left.filter((table) => !placed.has(table));
  }
  return ordered;
}

/** A table whose row count after the load differs from the archive's manifest. */
export class RestoreCountError extends Error {
  override name = 'RestoreCountError';
}

/**
 * Loads the rows of `dump` from `folder` into a database migrated to the dump's migration, in
 * one transaction: tables in foreign-key order, sequences set, run-time indexes made again, and
 * every table's row count checked against the dump's.
 */
export async function loadDatabase(
  client: pg.Client,
  folder: string,
  dump: DatabaseDump,
): Promise<void> {
  await client.query('begin');
  try {
    const byName = new Map(dump.tables.map((table) => [table.name, table]));
    for (const name of await loadOrder(client, [...byName.keys()])) {
      const table = byName.get(name)!;
      // Rows a migration wrote (none today) would otherwise be there twice.
      await client.query(`delete from ${quote(name)}`);
      const copy = client.query(
        copyFrom(`copy ${quote(name)} (${table.columns.map(quote).join(', ')}) from stdin`),
      );
      await pipeline(createReadStream(join(folder, `${name}.copy`)), copy);
    }
    for (const sequence of dump.sequences) {
      if (sequence.lastValue === null) continue;
      await client.query('select setval($1, $2::bigint)', [
        `public.${quote(sequence.name)}`,
        sequence.lastValue,
      ]);
    }
    const present = new Set(
      (
        await rowsOf<{ name: string }>(
          client,
          "select indexname as name from pg_indexes where schemaname = 'public'",
        )
      ).map((index) => index.name),
    );
    for (const index of dump.indexes) {
      if (!present.has(index.name)) await client.query(index.definition);
    }
    for (const table of dump.tables) {
      const [found] = await rowsOf<{ count: number }>(
        client,
        `select count(*)::int as count from ${quote(table.name)}`,
      );
      if (found?.count !== table.rows) {
        throw new RestoreCountError(
          `A tabela ${table.name} ficou com ${found?.count ?? 0} linha(s); o backup tem ${table.rows}.`,
        );
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
