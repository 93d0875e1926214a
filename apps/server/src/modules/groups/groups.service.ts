import { messages } from '@ponte/shared/messages';
import type { Group, GroupList } from '@ponte/shared/groups.schema';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { createGroupsRepository, type GroupRow, type ListOptions } from './groups.repository';

export interface GroupsServiceDeps {
  db: Database;
  now: () => Date;
}

const toGroup = (row: GroupRow): Group => ({
  _id: row.id,
  name: row.name,
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
});

/** A second group with the same name (ignoring case) in the workspace is refused. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'groups_workspace_name_unique') {
      throw conflict('name', messages.groups.nameTaken);
    }
    throw error;
  }
}

export function createGroupsService({ db, now }: GroupsServiceDeps) {
  const repository = createGroupsRepository(db);
  const missing = (id: string) => notFound(messages.groups.notFound, { kind: 'group', id });

  return {
    async list(workspaceId: string, options: ListOptions): Promise<GroupList> {
      const { items, total } = await repository.list(workspaceId, options);
      return { items: items.map(toGroup), total };
    },

    async get(workspaceId: string, id: string): Promise<Group> {
      const row = await repository.find(workspaceId, id);
      if (!row) throw missing(id);
      return toGroup(row);
    },

    async create(workspaceId: string, name: string): Promise<Group> {
      return toGroup(await uniqueName(() => repository.create(workspaceId, name, now())));
    },

    async update(workspaceId: string, id: string, name: string): Promise<Group> {
      const row = await uniqueName(() => repository.update(workspaceId, id, name, now()));
      if (!row) throw missing(id);
      return toGroup(row);
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await repository.remove(workspaceId, id))) throw missing(id);
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
