import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** What one deletion removed in one workspace: rows (or files, messages) and bytes freed. */
export interface Removal {
  removed: number;
  bytes: number;
}

/** Removals by workspace id. */
export type Tally = Map<string, Removal>;

export const emptyRemoval = (): Removal => ({ removed: 0, bytes: 0 });

/** Adds `removal` to the workspace's entry of `tally`. */
export function addTo(tally: Tally, workspaceId: string, removal: Removal): void {
  const entry = tally.get(workspaceId) ?? emptyRemoval();
  entry.removed += removal.removed;
  entry.bytes += removal.bytes;
  tally.set(workspaceId, entry);
}

/** Every workspace's removals of `from` added to `into`. */
export function merge(into: Tally, from: Tally): Tally {
  for (const [workspaceId, removal] of from) addTo(into, workspaceId, removal);
  return into;
}

export const totalOf = (tally: Tally): Removal =>
  [...tally.values()].reduce(
    (sum, each) => ({ removed: sum.removed + each.removed, bytes: sum.bytes + each.bytes }),
    emptyRemoval(),
  );

interface TallyRow {
  workspace_id: string;
  removed: number | string;
  bytes: number | string;
}

/**
 * Runs `statement` (a delete or update of at most `batch` rows, answering one row per
 * workspace: `workspace_id`, `removed`, `bytes`) until a run touches fewer than `batch` rows, so
 * that a large backlog never holds its locks for long. Answers the sum by workspace.
 */
export async function inBatches(db: Database, batch: number, statement: SQL): Promise<Tally> {
  const tally: Tally = new Map();
  for (;;) {
    const result = await db.execute(statement);
    const rows = (result as unknown as { rows: TallyRow[] }).rows;
    let touched = 0;
    for (const row of rows) {
      const removal = { removed: Number(row.removed), bytes: Number(row.bytes) };
      touched += removal.removed;
      addTo(tally, row.workspace_id, removal);
    }
    if (touched < batch) return tally;
  }
}
