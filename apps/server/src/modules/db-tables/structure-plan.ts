import { limits } from '@ponte/shared/limits';
import type { DbTableFieldRow } from '../../db/schema';

/** A field of a structure save: the new field and the stored name it was loaded as. */
export interface SavedField {
  field: DbTableFieldRow;
  /** `previous_name` of the body: the stored field this one was (null: match by name). */
  previousName: string | null;
}

export interface FieldPair {
  before: DbTableFieldRow;
  after: DbTableFieldRow;
}

/** What a structure save does to each field (docs/adr/0069). */
export interface StructurePlan {
  /** Same name before and after; rules may change. */
  kept: FieldPair[];
  /** Values move from `before.name` to `after.name`; rules may change as well. */
  renamed: FieldPair[];
  added: DbTableFieldRow[];
  removed: DbTableFieldRow[];
  /** The new structure as stored, each field with its former names worked out. */
  fields: DbTableFieldRow[];
}

const unique = (names: string[]) => [...new Set(names)];

/**
 * Pairs the saved fields with the stored ones. A field that names a `previousName` claims
 * the stored field of that name (or the one that had that name before a rename: an editor
 * opened before someone else's rename); the others take the stored field of their own name,
 * if no one claimed it; the rest are added, and stored fields no one took are removed. So a
 * swap of two names, or a rename plus a new field under the old name, are what they look like.
 */
export function planStructure(before: DbTableFieldRow[], saved: SavedField[]): StructurePlan {
  const claimed = new Set<DbTableFieldRow>();
  const match = new Map<SavedField, DbTableFieldRow>();
  const take = (item: SavedField, stored: DbTableFieldRow | undefined) => {
    if (!stored) return;
    claimed.add(stored);
    match.set(item, stored);
  };
  const free = (test: (field: DbTableFieldRow) => boolean) =>
    before.find((field) => !claimed.has(field) && test(field));

  for (const item of saved) {
    const previous = item.previousName;
    if (!previous) continue;
    take(
      item,
      free((field) => field.name === previous) ??
        free((field) => field.previous_names?.includes(previous) ?? false),
    );
  }
  for (const item of saved) {
    if (!match.has(item))
      take(
        item,
        free((field) => field.name === item.field.name),
      );
  }

  const plan: StructurePlan = { kept: [], renamed: [], added: [], removed: [], fields: [] };
  const names = new Set(saved.map((item) => item.field.name));
  for (const item of saved) {
    const stored = match.get(item);
    const history = stored
      ? stored.name === item.field.name
        ? (stored.previous_names ?? [])
        : [stored.name, ...(stored.previous_names ?? [])]
      : [];
    // A real name wins over a former one: a field named so takes the name for itself.
    const previousNames = unique(history)
      .filter((name) => !names.has(name))
      .slice(0, limits.tableFieldPreviousNamesMax);
    const { previous_names: _dropped, ...rest } = item.field;
    const after: DbTableFieldRow = previousNames.length
      ? { ...rest, previous_names: previousNames }
      : rest;
    plan.fields.push(after);
    if (!stored) plan.added.push(after);
    else if (stored.name === after.name) plan.kept.push({ before: stored, after });
    else plan.renamed.push({ before: stored, after });
  }
  plan.removed = before.filter((field) => !claimed.has(field));
  return plan;
}
