import { messages } from '@ponte/shared/messages';
import type { Variable, VariableList } from '@ponte/shared/variables.schema';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import {
  createVariablesRepository,
  type ListOptions,
  type VariableInput,
  type VariableRow,
} from './variables.repository';

export interface VariablesServiceDeps {
  db: Database;
  now: () => Date;
  /** A variable of the workspace was created, changed or removed. */
  onChange?: (workspaceId: string) => void;
}

const toVariable = (row: VariableRow): Variable => ({
  _id: row.id,
  name: row.name,
  key: row.key,
  value: row.value,
  workspace: row.workspaceId,
  updated_at: toIso(row.updatedAt),
});

/** The database's unique index decides: two concurrent saves of one key cannot both win. */
async function uniqueKey<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'variables_workspace_key_unique') {
      throw conflict('key', messages.variables.keyTaken);
    }
    throw error;
  }
}

export function createVariablesService({ db, now, onChange }: VariablesServiceDeps) {
  const repository = createVariablesRepository(db);
  const changed = <T>(workspaceId: string, value: T) => {
    onChange?.(workspaceId);
    return value;
  };
  const missing = (id: string) => notFound(messages.variables.notFound, { kind: 'variable', id });

  return {
    async list(workspaceId: string, options: ListOptions): Promise<VariableList> {
      const { items, total } = await repository.list(workspaceId, options);
      return { items: items.map(toVariable), total };
    },

    async get(workspaceId: string, id: string): Promise<Variable> {
      const row = await repository.find(workspaceId, id);
      if (!row) throw missing(id);
      return toVariable(row);
    },

    async create(workspaceId: string, input: VariableInput): Promise<Variable> {
      const row = await uniqueKey(() => repository.create(workspaceId, input, now()));
      return changed(workspaceId, toVariable(row));
    },

    async update(workspaceId: string, id: string, input: VariableInput): Promise<Variable> {
      const row = await uniqueKey(() => repository.update(workspaceId, id, input, now()));
      if (!row) throw missing(id);
      return changed(workspaceId, toVariable(row));
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await repository.remove(workspaceId, id))) throw missing(id);
      changed(workspaceId, undefined);
    },
  };
}

export type VariablesService = ReturnType<typeof createVariablesService>;
