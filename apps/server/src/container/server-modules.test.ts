import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { serverModules } from '../app';
import * as schema from '../db/schema';
import { resolveModuleOrder } from './module-order';

const rootNames = ['app', 'log', 'database', 'db', 'now', 'cluster', 'config', 'publicUrl'];

describe("the server's module list", () => {
  it('composes: every name needed is provided once, and no module waits on itself', () => {
    const order = resolveModuleOrder(serverModules, rootNames).map((module) => module.name);
    expect(new Set(order).size).toBe(serverModules.length);
    // The bus starts before everything and closes after everything.
    expect(order[0]).toBe('cluster');
  });

  it('gives every table of the schema to exactly one module, and names no other', () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable))
      .sort();
    const owned = serverModules.flatMap((module) =>
      (module.tables ?? []).map((table) => ({ table, module: module.name })),
    );
    expect(owned.map((entry) => entry.table).sort()).toEqual(tables);
  });
});

describe("the server modules' config", () => {
  it('declares every module config variable in exactly one module; the rest are the process own', async () => {
    const { moduleConfigs } = await import('../config');
    const { serverConfig } = await import('../config/server.config');
    const declared = serverModules.flatMap((module) => module.config ?? []);
    expect(new Set(declared).size).toBe(declared.length);
    expect([serverConfig, ...declared].sort(byFirstVariable)).toEqual(
      [...moduleConfigs].sort(byFirstVariable),
    );
  });
});

const byFirstVariable = (a: { variables: readonly { name: string }[] }, b: typeof a) =>
  a.variables[0]!.name.localeCompare(b.variables[0]!.name);
