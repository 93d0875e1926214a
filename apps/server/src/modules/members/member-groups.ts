import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '@ponte/shared/messages';
import { groupLimitable, type Role } from '@ponte/shared/roles';
import { groups } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import type { Db } from '../../lib/named-resource/named-table';

const m = messages.members;

/**
 * The groups a member (or an invitation) is limited to, as they will be stored (docs/adr/0109):
 * `asked` null is every group; absent keeps `current`, unless the role may not be limited
 * (owners and admins reach every group, so a role change to one of them lifts the limit).
 * Every group must be of the workspace; 400 on `groups` otherwise, nothing changed.
 */
export async function checkedGroups(
  db: Db,
  workspaceId: string,
  role: Role,
  asked: readonly string[] | null | undefined,
  current: string[] | null = null,
): Promise<string[] | null> {
  const wanted = asked === undefined ? current : asked;
  if (!wanted) return null;
  if (!groupLimitable(role)) {
    if (asked === undefined) return null;
    throw invalidField('groups', m.groupsForRole);
  }
  const unique = [...new Set(wanted)];
  const found = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.workspaceId, workspaceId), inArray(groups.id, unique)));
  if (found.length !== unique.length) throw invalidField('groups', m.groupsUnknown);
  return unique;
}
