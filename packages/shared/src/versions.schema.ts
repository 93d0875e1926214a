import { z } from 'zod';
import { limits } from './limits';
import { versionMessages } from './messages-versions';
import { listResponseSchema } from './pagination';
import { text } from './text';

export { versionedKinds, type VersionedKind } from './versions/versioned-kinds';

/** Who saved a version: null for the state a resource had before versions existed. */
export const versionAuthorSchema = z.object({ id: z.string().nullable(), name: z.string() });

export const versionSummarySchema = z.object({
  number: z.number().int().positive(),
  author: versionAuthorSchema.nullable(),
  created_at: z.string(),
  /** 'Descreva a alteração': '' when the person gave none. */
  message: z.string(),
  /** The version this one restored, when it was made by 'Restaurar'. */
  restored_from: z.number().int().positive().nullable(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

/** GET …/{id}/versions: the newest first; `current` is the resource's version now. */
export const versionListSchema = listResponseSchema(versionSummarySchema).extend({
  current: z.number().int().positive(),
});
export type VersionList = z.infer<typeof versionListSchema>;

/** GET …/{id}/versions/{number}: the whole document the resource had at that version. */
export const versionSchema = versionSummarySchema.extend({ document: z.unknown() });
export type Version = z.infer<typeof versionSchema>;

export const versionParamsSchema = z.object({
  id: text().min(1).max(200),
  number: z.coerce.number().int().positive(),
});

export const versionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});

/**
 * What every update of a versioned resource may carry besides its fields: the version it was
 * based on (or the `If-Match` header) and the message of the new version.
 */
export const versionStampSchema = z.object({
  version: z.number().int().positive().optional(),
  version_message: text().max(limits.versionMessageMax).optional(),
});

/** POST …/{id}/versions/{number}/restore. */
export const versionRestoreBodySchema = z.object({
  /** The resource's version the person saw when they chose to restore (else no check). */
  version: z.number().int().positive().optional(),
  message: text().max(limits.versionMessageMax).optional(),
});
export type VersionRestoreBody = z.infer<typeof versionRestoreBodySchema>;

/** `details` of the 409 `version_conflict`: who saved the version the update did not see. */
export const versionConflictDetailsSchema = z.object({
  current_version: z.number().int().positive(),
  changed_by: z.string(),
  changed_at: z.string(),
});
export type VersionConflictDetails = z.infer<typeof versionConflictDetailsSchema>;

/** The `ETag` of a resource at a version (`If-Match` takes it back). */
export const versionEtag = (version: number) => `"${version}"`;

/** The version an `If-Match` header names; undefined without one, null when unreadable. */
export function versionOfIfMatch(header: string | undefined): number | null | undefined {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  return match ? Number(match[1]) : null;
}

const retentionRule = { error: versionMessages.retentionInvalid };

/** A retention's number: a whole number of versions or days, 1 to 100.000; null, no limit. */
export const versionKeepSchema = z
  .number(retentionRule)
  .int(retentionRule)
  .min(1, retentionRule)
  .max(limits.versionKeepMax, retentionRule)
  .nullable();

/**
 * GET and PUT /api/v1/workspaces/current/version-retention: how long the workspace keeps the
 * versions of its items. Both null: every version ('Guardar todas as versões'). The current
 * version of an item is always kept; executions are never touched.
 */
export const versionRetentionSchema = z.object({
  /** 'Guardar as últimas N versões de cada item'. */
  version_keep_count: versionKeepSchema,
  /** 'Guardar as versões dos últimos N dias'. */
  version_keep_days: versionKeepSchema,
});
export type VersionRetentionSetting = z.infer<typeof versionRetentionSchema>;

/** PUT …/version-retention (the owner only): one rule at a time, or none. */
export const versionRetentionBodySchema = versionRetentionSchema.refine(
  (body) => body.version_keep_count === null || body.version_keep_days === null,
  { error: versionMessages.retentionOneRule, path: ['version_keep_days'] },
);
