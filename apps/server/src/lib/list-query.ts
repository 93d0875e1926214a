import { clampPage } from '@ponte/shared/pagination';

/** `%`, `_` and `\` typed by a person match themselves in an ILIKE pattern. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Offset of a page clamped to 1..total pages (a page past the end shows the last one). */
export function pageOffset(page: number, limit: number, total: number): number {
  return (clampPage(page, total, limit) - 1) * limit;
}

export const toIso = (date: Date): string => date.toISOString();
