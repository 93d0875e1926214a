import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { widgetConfigSchema, type WidgetConfigInput } from '@ponte/shared/dashboards.schema';
import type { Period } from '@ponte/shared/dashboard-periods';
import type { DatabaseHandle } from '../../db/client';
import { executions, logs, type ExecutionStatus } from '../../db/schema';
import { createTestDatabase, describeEachDriver } from '../../test/test-database';
import {
  executionCountQuery,
  executionHistogramQuery,
  executionTimeQuery,
} from './execution-widgets';
import { logCountQuery, logHistogramQuery, logListQuery } from './log-widgets';
import type { WidgetQuery } from './widget-query';

const ws = 'ws-a';
const other = 'ws-b';
const at = (iso: string) => new Date(iso);
/** 2026-03-10 in São Paulo (UTC−3): 03:00 UTC to 02:59:59 UTC of the next day. */
const spDay: Period = { start: at('2026-03-10T03:00:00Z'), end: at('2026-03-11T02:59:59Z') };

let counter = 0;
function execution(
  workspaceId: string,
  endedAt: string,
  durationMs: number | null,
  status: ExecutionStatus = 'success',
  flowId = 'flow-1',
) {
  counter += 1;
  return {
    id: `exec-${counter}`,
    workspaceId,
    flowId,
    triggerType: 'manual',
    triggerNodeUid: 'n1',
    status,
    queuedAt: at(endedAt),
    startedAt: at(endedAt),
    endedAt: status === 'running' ? null : at(endedAt),
    durationMs,
  };
}

function log(
  workspaceId: string,
  createdAt: string,
  message: string,
  label = '',
  flowId = 'flow-1',
) {
  return {
    workspaceId,
    flowId,
    executionId: 'exec-x',
    type: 'user' as const,
    label,
    message,
    createdAt: at(createdAt),
  };
}

describeEachDriver('dashboard widget queries', (driver) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.delete(executions);
    await handle.db.delete(logs);
  });

  /** Inserts the rows for both workspaces: the second's must never be counted. */
  async function seed(rows: {
    executions?: ReturnType<typeof execution>[];
    logs?: ReturnType<typeof log>[];
  }) {
    for (const workspaceId of [ws, other]) {
      if (rows.executions?.length)
        await handle.db
          .insert(executions)
          .values(
            rows.executions.map((row) => ({ ...row, workspaceId, id: `${row.id}-${workspaceId}` })),
          );
      if (rows.logs?.length)
        await handle.db.insert(logs).values(rows.logs.map((row) => ({ ...row, workspaceId })));
    }
  }

  function run(query: WidgetQuery, config: WidgetConfigInput, period: Period = spDay, page = 1) {
    return query(
      { db: handle.db, workspaceId: ws, period, page, now: period.end },
      { id: 'widget-1', type: 'execution_count', config: widgetConfigSchema.parse(config) },
    );
  }

  it('counts the finished executions of the workspace that ended in the period', async () => {
    await seed({
      executions: [
        execution(ws, '2026-03-10T03:00:00Z', 100),
        execution(ws, '2026-03-11T02:59:59.500Z', 100, 'error'),
        execution(ws, '2026-03-10T12:00:00Z', 100, 'crashed'),
        execution(ws, '2026-03-10T12:00:00Z', 100, 'stopped', 'flow-2'),
        execution(ws, '2026-03-10T12:00:00Z', null, 'running'),
        execution(ws, '2026-03-10T02:59:59Z', 100),
        execution(ws, '2026-03-11T03:00:00Z', 100),
      ],
    });
    expect(await run(executionCountQuery, {})).toEqual({ kind: 'value', value: 4 });
    expect(await run(executionCountQuery, { status: 'success' })).toEqual({
      kind: 'value',
      value: 1,
    });
    expect(await run(executionCountQuery, { status: 'error' })).toEqual({
      kind: 'value',
      value: 2,
    });
    expect(await run(executionCountQuery, { flow_id: 'flow-2' })).toEqual({
      kind: 'value',
      value: 1,
    });
  });

  it('gives the average rounded to whole ms, the minimum and the maximum, and null with none', async () => {
    await seed({
      executions: [
        execution(ws, '2026-03-10T10:00:00Z', 100),
        execution(ws, '2026-03-10T11:00:00Z', 201),
        execution(ws, '2026-03-10T12:00:00Z', 1000, 'error', 'flow-2'),
      ],
    });
    expect(await run(executionTimeQuery, {})).toEqual({ kind: 'value', value: 434, unit: 'ms' });
    expect(await run(executionTimeQuery, { flow_id: 'flow-1' })).toEqual({
      kind: 'value',
      value: 151,
      unit: 'ms',
    });
    expect(await run(executionTimeQuery, { time_type: 'min' })).toEqual({
      kind: 'value',
      value: 100,
      unit: 'ms',
    });
    expect(await run(executionTimeQuery, { time_type: 'max', status: 'success' })).toEqual({
      kind: 'value',
      value: 201,
      unit: 'ms',
    });
    expect(await run(executionTimeQuery, { flow_id: 'flow-9' })).toEqual({
      kind: 'value',
      value: null,
      unit: 'ms',
    });
  });

  it('buckets executions by São Paulo day: 02:30 and 03:30 UTC of one UTC day are two days', async () => {
    await seed({
      executions: [
        execution(ws, '2026-03-10T02:30:00Z', 10),
        execution(ws, '2026-03-10T03:30:00Z', 10),
        execution(ws, '2026-03-10T20:00:00Z', 10),
      ],
    });
    const week: Period = { start: at('2026-03-08T03:00:00Z'), end: at('2026-03-12T02:59:59Z') };
    const result = await run(executionHistogramQuery, {}, week);
    expect(result).toEqual({
      kind: 'timeseries',
      interval: 'day',
      timeseries: [
        { key: Date.parse('2026-03-08T03:00:00Z'), doc_count: 0 },
        { key: Date.parse('2026-03-09T03:00:00Z'), doc_count: 1 },
        { key: Date.parse('2026-03-10T03:00:00Z'), doc_count: 2 },
        { key: Date.parse('2026-03-11T03:00:00Z'), doc_count: 0 },
      ],
    });
  });

  it('buckets a São Paulo day by hour and an hour by minute, empty buckets with 0', async () => {
    await seed({
      executions: [
        execution(ws, '2026-03-10T03:10:00Z', 10),
        execution(ws, '2026-03-10T03:59:59Z', 10),
        execution(ws, '2026-03-10T05:00:00Z', 10),
      ],
    });
    const day = await run(executionHistogramQuery, {}, spDay);
    if (day.kind !== 'timeseries') throw new Error('expected a timeseries');
    expect(day.interval).toBe('hour');
    expect(day.timeseries).toHaveLength(24);
    expect(day.timeseries.slice(0, 3)).toEqual([
      { key: Date.parse('2026-03-10T03:00:00Z'), doc_count: 2 },
      { key: Date.parse('2026-03-10T04:00:00Z'), doc_count: 0 },
      { key: Date.parse('2026-03-10T05:00:00Z'), doc_count: 1 },
    ]);
    const hour: Period = { start: at('2026-03-10T03:00:00Z'), end: at('2026-03-10T03:59:59Z') };
    const minutes = await run(executionHistogramQuery, {}, hour);
    if (minutes.kind !== 'timeseries') throw new Error('expected a timeseries');
    expect(minutes.interval).toBe('minute');
    expect(minutes.timeseries).toHaveLength(60);
    expect(minutes.timeseries.filter((b) => b.doc_count > 0)).toEqual([
      { key: Date.parse('2026-03-10T03:10:00Z'), doc_count: 1 },
      { key: Date.parse('2026-03-10T03:59:00Z'), doc_count: 1 },
    ]);
  });

  it('counts logs whose message or label holds the term, case-insensitively and literally', async () => {
    await seed({
      logs: [
        log(ws, '2026-03-10T10:00:00Z', 'Timeout ao chamar o cliente'),
        log(ws, '2026-03-10T10:01:00Z', 'TIMEOUT de novo', 'pedido'),
        log(ws, '2026-03-10T10:02:00Z', 'tudo certo', 'timeout'),
        log(ws, '2026-03-10T10:03:00Z', 'desconto de 10% aplicado'),
        log(ws, '2026-03-10T10:04:00Z', 'desconto de 100 aplicado'),
        log(ws, '2026-03-10T10:05:00Z', 'campo a_b vazio'),
        log(ws, '2026-03-10T10:06:00Z', 'campo axb vazio', '', 'flow-2'),
        log(ws, '2026-03-09T10:00:00Z', 'timeout de ontem'),
      ],
    });
    expect(await run(logCountQuery, { search_term: 'timeout' })).toEqual({
      kind: 'value',
      value: 2,
    });
    expect(await run(logCountQuery, { search_term: 'TimeOut', search_field: 'label' })).toEqual({
      kind: 'value',
      value: 1,
    });
    expect(await run(logCountQuery, { search_term: 'pedido', search_field: 'message' })).toEqual({
      kind: 'value',
      value: 0,
    });
    expect(await run(logCountQuery, { search_term: '10%' })).toEqual({ kind: 'value', value: 1 });
    expect(await run(logCountQuery, { search_term: 'a_b' })).toEqual({ kind: 'value', value: 1 });
    expect(await run(logCountQuery, { search_term: 'campo', flow_id: 'flow-2' })).toEqual({
      kind: 'value',
      value: 1,
    });
    expect(await run(logCountQuery, {})).toEqual({ kind: 'value', value: 7 });
  });

  it('buckets matching logs by hour of the São Paulo day', async () => {
    await seed({
      logs: [
        log(ws, '2026-03-10T03:00:00Z', 'erro 1'),
        log(ws, '2026-03-10T03:30:00Z', 'erro 2'),
        log(ws, '2026-03-10T03:40:00Z', 'ok'),
        log(ws, '2026-03-11T02:59:00Z', 'erro 3'),
      ],
    });
    const result = await run(logHistogramQuery, { search_term: 'erro' });
    if (result.kind !== 'timeseries') throw new Error('expected a timeseries');
    expect(result.timeseries).toHaveLength(24);
    expect(result.timeseries[0]).toEqual({ key: Date.parse('2026-03-10T03:00:00Z'), doc_count: 2 });
    expect(result.timeseries[23]).toEqual({
      key: Date.parse('2026-03-11T02:00:00Z'),
      doc_count: 1,
    });
    expect(result.timeseries.reduce((sum, b) => sum + b.doc_count, 0)).toBe(3);
  });

  it('lists the matching logs newest first, a page at a time, with the chosen columns', async () => {
    await seed({
      logs: Array.from({ length: 25 }, (_, i) =>
        log(ws, `2026-03-10T10:${String(i).padStart(2, '0')}:00Z`, `pedido ${i}`, `rótulo ${i}`),
      ),
    });
    const second = await run(logListQuery, { search_term: 'pedido', show_per_page: 10 }, spDay, 2);
    if (second.kind !== 'list') throw new Error('expected a list');
    expect(second).toMatchObject({ page: 2, show_per_page: 10, total: 25, total_pages: 3 });
    expect(second.items.map((item) => item.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `pedido ${14 - i}`),
    );
    expect(second.items[0]).toMatchObject({
      label: 'rótulo 14',
      flow_id: 'flow-1',
      execution_id: 'exec-x',
      created_at: '2026-03-10T10:14:00.000Z',
    });
    expect(second.columns.map((column) => column.label)).toEqual(['Data', 'Rótulo', 'Mensagem']);
    const last = await run(
      logListQuery,
      { search_term: 'pedido', show_column_created_at: false, show_log_label: false },
      spDay,
      9,
    );
    if (last.kind !== 'list') throw new Error('expected a list');
    expect(last.page).toBe(3);
    expect(last.items.map((item) => item.message)).toEqual([
      'pedido 4',
      'pedido 3',
      'pedido 2',
      'pedido 1',
      'pedido 0',
    ]);
    expect(last.columns).toEqual([{ key: 'message', label: 'Mensagem', type: 'text' }]);
  });
});
