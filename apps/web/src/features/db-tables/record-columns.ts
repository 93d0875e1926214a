import { useCallback, useState } from 'react';
import type { TableField } from '@ponte/shared/db-tables.schema';
import { currentName } from './field-names';

const storageKey = (tableId: string) => `records-columns:${tableId}`;

/** Spec 2 §4: every column except longtext fields, until the person chooses. */
export function defaultColumns(fields: TableField[]): string[] {
  return fields.filter((field) => field.type !== 'longtext').map((field) => field.name);
}

function readColumns(tableId: string, fields: TableField[]): string[] {
  try {
    const raw = window.sessionStorage.getItem(storageKey(tableId));
    if (raw) {
      const parsed = JSON.parse(raw) as unknown;
      if (Array.isArray(parsed)) {
        const names = new Set(
          parsed
            .filter((item): item is string => typeof item === 'string')
            .map((name) => currentName(fields, name)),
        );
        // In the table's order; fields renamed since follow, fields removed since are dropped.
        return fields.filter((field) => names.has(field.name)).map((field) => field.name);
      }
    }
  } catch {
    // A broken or unavailable storage falls back to the default.
  }
  return defaultColumns(fields);
}

/** The records list's chosen columns, kept per table for the browser session. */
export function useRecordColumns(tableId: string, fields: TableField[]) {
  const [columns, setColumnsState] = useState(() => readColumns(tableId, fields));
  const setColumns = useCallback(
    (next: string[]) => {
      const ordered = fields.filter((field) => next.includes(field.name)).map((f) => f.name);
      setColumnsState(ordered);
      try {
        window.sessionStorage.setItem(storageKey(tableId), JSON.stringify(ordered));
      } catch {
        // Kept for this page only when the storage refuses.
      }
    },
    [tableId, fields],
  );
  return [columns, setColumns] as const;
}
