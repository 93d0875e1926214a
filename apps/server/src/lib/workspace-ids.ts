import type { Database } from '../db/client';
import { workspaces } from '../db/schema';

/** Every workspace's id: the retentions walk them one by one. */
export async function workspaceIds(db: Database): Promise<string[]> {
  return (await db.select({ id: workspaces.id }).from(workspaces)).map((row) => row.id);
}
