import { z } from 'zod';
import { limits } from './limits';
import { text } from './text';

/** A page number from the query: never fails a request, at least 1. */
export const pageNumberSchema = z.coerce
  .number()
  .int()
  .catch(1)
  .transform((n) => Math.max(1, n))
  .default(1);

/**
 * `page` and `limit` never make a request fail: out-of-range values are clamped
 * (DESIGN.md §3a), a page past the end is clamped by the repository once the total is known.
 */
export function pageQuerySchema(maxLimit: number, defaultLimit: number = limits.defaultPageSize) {
  return z.object({
    page: pageNumberSchema,
    limit: z.coerce
      .number()
      .int()
      .catch(defaultLimit)
      .transform((n) => Math.min(maxLimit, Math.max(1, n)))
      .default(defaultLimit),
    query: text().trim().max(200).optional(),
  });
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}

/** Number of pages for a total, never less than 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Spec: the page number is clamped to 1..total pages. */
export function clampPage(page: number, total: number, pageSize: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(pageCount(total, pageSize), Math.max(1, Math.trunc(page)));
}

/** Spec: a total of exactly 10000 (the cap) is shown as '+10000'. */
export function formatTotal(total: number): string {
  return total >= limits.totalCap ? `+${limits.totalCap}` : String(total);
}
