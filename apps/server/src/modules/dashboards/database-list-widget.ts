import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { zonedParts, type Period } from '@ponte/shared/dashboard-periods';
import type { ListColumn } from '@ponte/shared/dashboards.schema';
import { messages } from '@ponte/shared/messages';
import { dbRecords, dbTables, type DbTableFieldRow } from '../../db/schema';
import { pageOffset } from '../../lib/list-query';
import { fieldNamed } from '../db-tables/field-names';
import { numericOf, textOf } from '../db-tables/record-sql';
import type { WidgetQuery } from './widget-query';
import { periodEndExclusive, WidgetQueryError } from './widget-query';
import { withinGroups } from '../../lib/group-access/group-scope';

const m = messages.dashboards;

const columnTypes: Record<DbTableFieldRow['type'], ListColumn['type']> = {
  string: 'text',
  longtext: 'text',
  integer: 'number',
  float: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'date',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The São Paulo day of an instant as a date field stores it (`YYYY-MM-DD`). */
function zonedDay(date: Date): string {
  const p = zonedParts(date);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/**
 * Rows in the period by `period_field`: created_at or updated_at by instant; a datetime field
 * by its UTC ISO text (text order is time order); a date field by the São Paulo days the
 * period covers. An unknown field falls back to created_at.
 */
function periodCondition(fields: DbTableFieldRow[], name: string, period: Period): SQL {
  const end = periodEndExclusive(period);
  if (name === 'updated_at')
    return and(gte(dbRecords.updatedAt, period.start), lt(dbRecords.updatedAt, end))!;
  const field = fieldNamed(fields, name);
  if (field?.type === 'datetime')
    return sql`${textOf(field.name)} >= ${period.start.toISOString()} and ${textOf(field.name)} < ${end.toISOString()}`;
  if (field?.type === 'date')
    return sql`${textOf(field.name)} >= ${zonedDay(period.start)} and ${textOf(field.name)} <= ${zonedDay(period.end)}`;
  return and(gte(dbRecords.createdAt, period.start), lt(dbRecords.createdAt, end))!;
}

/**
 * The order of `sort_column`: created_at and updated_at by instant (created_at walks the
 * (table_id, created_at, id) index); numbers as numbers, the rest as text (dates and datetimes
 * are stored so that text order is time order). Empty values last; an unknown column falls
 * back to created_at.
 */
function orderOf(fields: DbTableFieldRow[], name: string, dir: 'asc' | 'desc'): SQL[] {
  const by = dir === 'desc' ? desc : asc;
  if (name === 'updated_at') return [by(dbRecords.updatedAt), by(dbRecords.id)];
  const field = fieldNamed(fields, name);
  if (!field) return [by(dbRecords.createdAt), by(dbRecords.id)];
  const numeric = field.type === 'integer' || field.type === 'float';
  const value = numeric ? numericOf(field.name) : textOf(field.name);
  return [
    dir === 'desc' ? sql`${value} desc nulls last` : sql`${value} asc nulls last`,
    by(dbRecords.createdAt),
    by(dbRecords.id),
  ];
}

/**
 * The columns shown: the configured names that still reach a field (a renamed field by its
 * former name too, docs/adr/0069), else every field in order.
 */
function columnsOf(fields: DbTableFieldRow[], configured: string[]): ListColumn[] {
  const ordered = [...fields].sort((a, b) => a.position - b.position);
  const chosen = configured.length
    ? [...new Set(configured.flatMap((name) => fieldNamed(ordered, name) ?? []))]
    : ordered;
  return chosen.map((f) => ({ key: f.name, label: f.label, type: columnTypes[f.type] }));
}

/**
 * database_list (spec 2 §3, docs/adr/0046): one page of a table of the workspace, the rows
 * whose `period_field` falls in the period, sorted by `sort_column`/`sort_dir`.
 */
export const databaseListQuery: WidgetQuery = async (context, item) => {
  const { db, workspaceId, period, page } = context;
  const config = item.config;
  const tableId = config.table_id;
  const [table] = tableId
    ? await db
        .select({ id: dbTables.id, fields: dbTables.fields })
        .from(dbTables)
        .where(
          and(
            eq(dbTables.workspaceId, workspaceId),
            eq(dbTables.id, tableId),
            withinGroups(dbTables.groupId, context.within),
          ),
        )
    : [];
  if (!table) throw new WidgetQueryError(m.tableMissing);
  const where = and(
    eq(dbRecords.workspaceId, workspaceId),
    eq(dbRecords.tableId, table.id),
    periodCondition(table.fields, config.period_field, period),
  );
  const [counted] = await db.select({ total: count() }).from(dbRecords).where(where);
  const total = Number(counted?.total ?? 0);
  const size = config.show_per_page;
  const totalPages = Math.max(1, Math.ceil(total / size));
  const shownPage = Math.min(Math.max(1, page), totalPages);
  const rows = await db
    .select()
    .from(dbRecords)
    .where(where)
    .orderBy(...orderOf(table.fields, config.sort_column, config.sort_dir))
    .limit(size)
    .offset(pageOffset(shownPage, size, total));
  const columns = columnsOf(table.fields, config.columns);
  return {
    kind: 'list',
    items: rows.map((row) => ({
      _id: row.id,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      ...Object.fromEntries(columns.map((c) => [c.key, row.data[c.key] ?? null])),
    })),
    page: shownPage,
    show_per_page: size,
    total,
    total_pages: totalPages,
    columns,
  };
};
