import type { DbTableFieldRow } from '../../db/schema';

/**
 * The field a name reaches (docs/adr/0069): the field of that name, else the field that had
 * it before a rename. Record writes, filters, sorts, export columns, dashboard widgets and
 * form options resolve names here, so what a flow or a widget saved keeps working after a
 * rename. Null when no field answers to it.
 */
export function fieldNamed<F extends DbTableFieldRow>(fields: F[], name: string): F | null {
  return (
    fields.find((field) => field.name === name) ??
    fields.find((field) => field.previous_names?.includes(name)) ??
    null
  );
}
