import { messages } from '@ponte/shared/messages';
import { invalidField } from '../app-error';

type Lookup<T> = (workspaceId: string, id: string) => Promise<T | null>;

/**
 * The row of that id in the workspace, or the area's 404 (`missing` names the resource so the
 * security log can record another workspace's id, docs/adr/0021).
 */
export function rowOrMissing<T>(find: Lookup<T>, missing: (id: string) => Error) {
  return async (workspaceId: string, id: string): Promise<T> => {
    const row = await find(workspaceId, id);
    if (!row) throw missing(id);
    return row;
  };
}

/**
 * The group a save names must be of the workspace (400 on `group`, the area's message); no
 * group, or an empty one, passes.
 */
export function groupCheck(
  exists: (workspaceId: string, groupId: string) => Promise<boolean>,
  message: string = messages.flows.groupNotFound,
) {
  return async (workspaceId: string, group: string | null | undefined): Promise<void> => {
    if (group && !(await exists(workspaceId, group))) throw invalidField('group', message);
  };
}

/**
 * The group a restored version names ('Restaurar', docs/adr/0103): null ('Sem grupo') when the
 * workspace no longer has it, so the save's group check does not refuse the restore.
 */
export function groupStillThere(
  exists: (workspaceId: string, groupId: string) => Promise<boolean>,
) {
  return async (workspaceId: string, group: string | null | undefined): Promise<string | null> =>
    group && (await exists(workspaceId, group)) ? group : null;
}

/** Removes the row of that id in the workspace, or answers the area's 404 when there is none. */
export function removeOrMissing(
  remove: (workspaceId: string, id: string) => Promise<boolean>,
  missing: (id: string) => Error,
) {
  return async (workspaceId: string, id: string): Promise<void> => {
    if (!(await remove(workspaceId, id))) throw missing(id);
  };
}
