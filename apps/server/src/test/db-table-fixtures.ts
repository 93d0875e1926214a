import type { TableFieldBody } from '@ponte/shared/db-tables.schema';

/** A field of a table body: a string of 100 characters unless `extra` says otherwise. */
export const field = (name: string, extra: Partial<TableFieldBody> = {}): TableFieldBody => ({
  name,
  label: name[0]!.toUpperCase() + name.slice(1),
  type: 'string',
  length: 100,
  ...extra,
});
