import { z } from 'zod';
import { fieldFilterSchema, recordValueSchema } from './db-tables.schema';
import { limits } from './limits';
import { messages } from './messages';
import { text } from './text';

/**
 * What the record nodes (core_db_*) ask of the records port: the records list's per-field
 * filters (text contains, number and date ranges, boolean equals) plus `equals` for a field of
 * any type. The server's records service and the engine's fake read the same shapes.
 */
const fieldName = text().max(limits.tableFieldNameMax);

/** One field's filter. `{equals: null}`: the field is empty (missing or null). */
export const recordFieldFilterSchema = z.union([
  fieldFilterSchema,
  z.strictObject({ equals: recordValueSchema }),
]);
export type RecordFieldFilter = z.infer<typeof recordFieldFilterSchema>;

/** Filters by field name; every one must match (AND). Empty: every record of the table. */
export const recordFilterSchema = z.record(fieldName, recordFieldFilterSchema);
export type RecordFilter = z.infer<typeof recordFilterSchema>;

/**
 * The columns every record has besides its fields, which a search may sort by. A field cannot
 * take these names (`reservedFieldNames`).
 */
export const recordSortColumns = ['created_at', 'updated_at'] as const;

export const recordQuerySchema = z.object({
  filter: recordFilterSchema.default({}),
  /** A field of the table or one of `recordSortColumns`; absent: oldest first. */
  sort: z
    .object({ field: fieldName, direction: z.enum(['asc', 'desc']).default('asc') })
    .optional(),
  limit: z.number().int().min(1).max(limits.recordsQueryMax).default(limits.recordsQueryDefault),
  /**
   * Minutes, as `Date.getTimezoneOffset()`, for datetime bounds written without an offset
   * (`2026-03-01` or `2026-03-01T08:00`): São Paulo's 180 unless told, like the records list.
   */
  timezoneOffset: z.number().int().min(-840).max(840).default(180),
});
export type RecordQuery = z.input<typeof recordQuerySchema>;

/**
 * Which records an update or a delete touches: one by id, or those a filter matches. An empty
 * filter is refused: touching every record of a table takes more than a forgotten filter.
 */
export const recordTargetSchema = z.union([
  z.strictObject({ id: text().trim().min(1).max(200) }),
  z.strictObject({
    filter: recordFilterSchema.refine((filter) => Object.keys(filter).length > 0, {
      error: messages.recordNodes.targetRequired,
    }),
    timezoneOffset: z.number().int().min(-840).max(840).default(180),
  }),
]);
export type RecordTarget = z.input<typeof recordTargetSchema>;
