import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { bucketStart, bucketStarts, type Period } from '@ponte/shared/dashboard-periods';
import type { HistogramInterval, TimeseriesResult } from '@ponte/shared/dashboards.schema';
import { timeZone } from '@ponte/shared/limits';

// A constant of the code, never user input: written literally so GROUP BY matches the SELECT.
const zone = sql.raw(`'${timeZone.replace(/'/g, "''")}'`);

/**
 * The start of a row's bucket, in epoch ms (docs/adr/0047). Minutes are the same in UTC and in
 * São Paulo; hours, days and months are cut on São Paulo's wall clock and turned back into
 * instants, so a day is 00:00 to 24:00 in São Paulo.
 */
export function bucketKeySql(column: AnyColumn, interval: HistogramInterval): SQL<string> {
  const start =
    interval === 'minute'
      ? sql`date_trunc('minute', ${column})`
      : sql`(date_trunc(${sql.raw(`'${interval}'`)}, ${column} at time zone ${zone}) at time zone ${zone})`;
  return sql<string>`(extract(epoch from ${start}) * 1000)::bigint`;
}

/** Every bucket of the period in order, the counted ones with their count, the rest with 0. */
export function filledTimeseries(
  period: Period,
  interval: HistogramInterval,
  rows: { key: string | number; n: string | number }[],
): TimeseriesResult {
  const counts = new Map<number, number>();
  for (const row of rows) {
    const key = bucketStart(new Date(Number(row.key)), interval).getTime();
    counts.set(key, (counts.get(key) ?? 0) + Number(row.n));
  }
  return {
    kind: 'timeseries',
    interval,
    timeseries: bucketStarts(period, interval).map((key) => ({
      key,
      doc_count: counts.get(key) ?? 0,
    })),
  };
}
