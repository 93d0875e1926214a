import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from '../pagination';
import { text } from '../text';
import { titularKinds } from './personal-data-mask';

/**
 * A titular's search and erasure (docs/lgpd.md, docs/adr/0124): the places a CPF, CNPJ, e-mail or
 * phone is looked for, what each hit is, and the record of every request.
 */

/** Where a titular's data is looked for, in the order the results and reports show them. */
export const titularPlaces = [
  'executions',
  'forms',
  'execution_data',
  'logs',
  'records',
  'queues',
  'storage',
] as const;
export type TitularPlace = (typeof titularPlaces)[number];

/** At most this many hits of a place are listed; the rest are counted ('e mais N'). */
export const titularItemsMax = 50;

/** Possible hits a search reads per place (Storage: items walked) before it stops and says so. */
export const titularScanMax = 5000;

/** Text files in Storage larger than this are looked for by name only (the search says how many). */
export const titularTextFileMaxBytes = 1024 * 1024;

/** POST /api/v1/lgpd/titulars/search. */
export const titularSearchBodySchema = z.object({ query: text().max(200) });

/**
 * POST /api/v1/lgpd/titulars/erase: `confirm` is what the confirmation named, hits per place; a
 * search run again that finds other counts refuses the erasure (409).
 */
export const titularEraseBodySchema = z.object({
  query: text().max(200),
  confirm: z.partialRecord(z.enum(titularPlaces), z.number().int().min(0)),
});

/** One hit: what it is, and the ids the app links it by. Texts of it are as stored. */
export const titularHitSchema = z.object({
  /** The execution's, the record's, the message's or the log line's id; a file's path. */
  id: z.string(),
  /** Only the masked form was found: a trace that may be another person's. */
  masked: z.boolean(),
  /** When it happened or was written (ISO); null when unknown (a file). */
  at: z.string().nullable(),
  /** Where in it: 'trigger_msg', 'error', 'message', 'label', 'name', 'content'… */
  fields: z.array(z.string()),
  flow_id: z.string().optional(),
  flow_name: z.string().optional(),
  execution_id: z.string().optional(),
  table_id: z.string().optional(),
  table_name: z.string().optional(),
  queue_id: z.string().optional(),
  queue_name: z.string().optional(),
  path: z.string().optional(),
  is_folder: z.boolean().optional(),
});
export type TitularHit = z.infer<typeof titularHitSchema>;

export const titularPlaceResultSchema = z.object({
  place: z.enum(titularPlaces),
  /** Hits found (exact or masked). */
  found: z.number().int(),
  /** Of them, the ones where only the masked form was. */
  masked: z.number().int(),
  /** The first hits (at most `titularItemsMax`). */
  items: z.array(titularHitSchema),
  /** The search stopped before the end of the place (`scanned` possible hits read). */
  truncated: z.boolean(),
  /** Storage: text files above the size cap, whose content was not read. */
  skipped: z.number().int().optional(),
  /** Storage: the walk stopped at its cap of files. */
  walk_stopped: z.boolean().optional(),
});
export type TitularPlaceResult = z.infer<typeof titularPlaceResultSchema>;

export const titularSearchResultSchema = z.object({
  request_id: z.string(),
  kind: z.enum(titularKinds),
  /** The value as the records keep it: masked. */
  value_masked: z.string(),
  places: z.array(titularPlaceResultSchema),
  total: z.number().int(),
});
export type TitularSearchResult = z.infer<typeof titularSearchResultSchema>;

/** What an erasure did in one place. */
export const titularErasedPlaceSchema = z.object({
  place: z.enum(titularPlaces),
  found: z.number().int(),
  masked: z.number().int(),
  /** Deleted, removed, rewritten or anonymised, as the place's action says. */
  done: z.number().int(),
  /** Items the erasure met but could not remove (a message running at that moment…). */
  failed: z.number().int(),
  /** Hits the search run after the erasure still found (0 when all went). */
  after: z.number().int(),
  /**
   * Of `after`, the masked traces: an erasure keeps the records, queue messages and files that
   * hold only the masked form (they may be another person's). `after - kept` were not erased.
   */
  kept: z.number().int(),
  /**
   * The search before it had stopped short of the place's end (`truncated` or Storage's
   * `walk_stopped`): the erasure went through the place whole all the same (unless `error`).
   */
  stopped_early: z.boolean(),
  /** The erasure of this place, or the search after it, stopped on an error (pt-BR). */
  error: z.string().optional(),
});
export type TitularErasedPlace = z.infer<typeof titularErasedPlaceSchema>;

export const titularEraseResultSchema = z.object({
  request_id: z.string(),
  places: z.array(titularErasedPlaceSchema),
  total_after: z.number().int(),
  /** Places whose erasure stopped on an error: the rest went on, and all is recorded. */
  failed_places: z.array(z.enum(titularPlaces)),
});
export type TitularEraseResult = z.infer<typeof titularEraseResultSchema>;

/** One request as the history lists it (never the full value). */
export const titularRequestSchema = z.object({
  _id: z.string(),
  kind: z.enum(['search', 'erasure']),
  created_at: z.string(),
  user_id: z.string().nullable(),
  /** Who asked: the person's name, or 'Token de API {name}' for a request made with one. */
  user_name: z.string(),
  titular_kind: z.enum(titularKinds),
  titular_masked: z.string(),
  places: z.array(
    z.object({
      place: z.enum(titularPlaces),
      found: z.number().int(),
      masked: z.number().int(),
      done: z.number().int().optional(),
      failed: z.number().int().optional(),
      after: z.number().int().optional(),
      kept: z.number().int().optional(),
      stopped_early: z.boolean().optional(),
      error: z.string().optional(),
    }),
  ),
});
export type TitularRequest = z.infer<typeof titularRequestSchema>;

export const titularRequestListQuerySchema = pageQuerySchema(100, 20).omit({ query: true });
export const titularRequestListSchema = listResponseSchema(titularRequestSchema);
export type TitularRequestList = z.infer<typeof titularRequestListSchema>;

export const titularReportFormats = ['csv', 'pdf'] as const;
export const titularReportQuerySchema = z.object({
  format: z.enum(titularReportFormats).default('pdf'),
});
