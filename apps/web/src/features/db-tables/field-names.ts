import type { TableField } from '@ponte/shared/db-tables.schema';

/**
 * The name of the field a saved name reaches: its own, or the one of the field that had it
 * before a rename (docs/adr/0069). A name no field answers to comes back as is.
 */
export function currentName(fields: TableField[], name: string): string {
  if (fields.some((field) => field.name === name)) return name;
  return fields.find((field) => field.previous_names?.includes(name))?.name ?? name;
}

/** An object keyed by saved names, keyed by the current ones (a current name wins). */
export function byCurrentNames<T>(fields: TableField[], values: Record<string, T>) {
  const out: Record<string, T> = {};
  for (const [name, value] of Object.entries(values)) {
    const current = currentName(fields, name);
    if (current === name || !(current in values)) out[current] = value;
  }
  return out;
}
