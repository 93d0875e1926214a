import {
  titularItemsMax,
  titularScanMax,
  type TitularHit,
} from '@ponte/shared/lgpd/titular.schema';
import { hits, type TitularCount, type TitularMatcher } from './titular-matcher';

/** Where a page of rows ordered by (time desc, id desc) ends. */
export interface Keyset<I = string> {
  at: Date;
  id: I;
}

/** What a place's search found. */
export interface PlaceSearch {
  found: number;
  masked: number;
  items: TitularHit[];
  truncated: boolean;
  skipped?: number;
  walk_stopped?: boolean;
}

/** What a place's erasure did: `done` removed or anonymised, `failed` could not be. */
export interface PlaceErasure {
  done: number;
  failed: number;
}

/** One place: how it is searched and how its hits are erased, always in one workspace. */
export interface TitularPlaceHandler {
  search(workspaceId: string, matcher: TitularMatcher): Promise<PlaceSearch>;
  erase(workspaceId: string, matcher: TitularMatcher): Promise<PlaceErasure>;
}

/** Adds hits to a search's result, keeping the first `titularItemsMax` items. */
export function searchTally() {
  const result: PlaceSearch = { found: 0, masked: 0, items: [], truncated: false };
  return {
    result,
    /** Counts `count` as a hit (when it is one); `hit` makes its item while there is room. */
    add(count: TitularCount, hit: () => Omit<TitularHit, 'masked'>) {
      if (!hits(count)) return false;
      const masked = count.exact === 0;
      result.found += 1;
      if (masked) result.masked += 1;
      if (result.items.length < titularItemsMax) result.items.push({ ...hit(), masked });
      return true;
    },
  };
}

/**
 * Reads a place's possible hits in pages (`fetch` answers the rows after the last one it was
 * given, in a stable order); `max` possible hits at most (a search), else all (an erasure).
 * Answers whether it stopped before the end.
 */
export async function scanPages<R>(
  fetch: (after: R | null, limit: number) => Promise<R[]>,
  visit: (rows: R[]) => Promise<void>,
  options: { batch: number; max?: number },
): Promise<boolean> {
  let after: R | null = null;
  let read = 0;
  for (;;) {
    const limit =
      options.max === undefined ? options.batch : Math.min(options.batch, options.max - read);
    if (limit <= 0) return (await fetch(after, 1)).length > 0;
    const rows = await fetch(after, limit);
    if (rows.length > 0) await visit(rows);
    read += rows.length;
    if (rows.length < limit) return false;
    after = rows[rows.length - 1]!;
  }
}

/** A row's hit: its count, and its item (made only while the list has room). */
export interface RowHit {
  count: TitularCount;
  hit: () => Omit<TitularHit, 'masked'>;
}

/** A place's search: `titularScanMax` possible hits at most, read in pages of `batch`. */
export async function searchPages<R>(
  fetch: (after: R | null, limit: number) => Promise<R[]>,
  hitOf: (row: R) => RowHit,
  batch = 500,
): Promise<PlaceSearch> {
  const tally = searchTally();
  tally.result.truncated = await scanPages(
    fetch,
    async (rows) => {
      for (const row of rows) {
        const { count, hit } = hitOf(row);
        tally.add(count, hit);
      }
    },
    { batch, max: titularScanMax },
  );
  return tally.result;
}

/** The item of a hit in an execution's place: the execution, its flow and when. */
export function executionHit(
  row: { at: Date; flowId: string; flowName: string | null },
  id: string,
  executionId: string,
  fields: string[],
): Omit<TitularHit, 'masked'> {
  return {
    id,
    at: row.at.toISOString(),
    fields,
    execution_id: executionId,
    flow_id: row.flowId,
    ...(row.flowName === null ? {} : { flow_name: row.flowName }),
  };
}
