import { sql, type Column, type SQL } from 'drizzle-orm';
import { clampPage } from '@ponte/shared/pagination';

/** `%`, `_` and `\` typed by a person match themselves in a LIKE pattern. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `text` contains `search`, case and accents aside: 'saudacao' finds 'Saudação'. Both sides go
 * through the database's `ponte_fold` (lower case without accents, docs/adr/0079), the very
 * expression the trigram indexes of searched texts are built on, so they still serve it.
 */
export function containsFolded(text: Column | SQL, search: string): SQL {
  return sql`ponte_fold(${text}) like ponte_fold(${containsPattern(search)})`;
}

/** Offset of a page clamped to 1..total pages (a page past the end shows the last one). */
export function pageOffset(page: number, limit: number, total: number): number {
  return (clampPage(page, total, limit) - 1) * limit;
}

export const toIso = (date: Date): string => date.toISOString();
