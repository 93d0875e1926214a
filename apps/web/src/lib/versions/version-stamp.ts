import type { z } from 'zod';
import { versionConflictDetailsSchema } from '@ponte/shared/versions.schema';
import type { VersionConflictDetails } from '@ponte/shared/versions.schema';
import { errorCodes } from '@ponte/shared/errors';
import { isApiError } from '../api/api-error';

/** The field that numbers a resource's versions (a custom connector's: `revision`, docs/adr/0104). */
export type VersionField = 'version' | 'revision';

/** What an update of a versioned resource carries besides its fields: the version it was based on. */
export type VersionStamp = { [field in VersionField]?: number };

/**
 * A resource's response schema, which names its `version` (docs/adr/0103): every versioned
 * resource's schema of `@ponte/shared` has it.
 */
export function withVersion<S extends z.ZodObject<{ version: z.ZodType<number> }>>(schema: S): S {
  return schema;
}

/** The `version` (or `field`) of a resource's answer, when it has one. */
export function versionOf(resource: unknown, field: VersionField = 'version'): number | undefined {
  if (typeof resource !== 'object' || resource === null) return undefined;
  const version = (resource as Record<string, unknown>)[field];
  return typeof version === 'number' && Number.isInteger(version) && version > 0
    ? version
    : undefined;
}

/** The `details` of a 409 `version_conflict`, or null for any other failure. */
export function versionConflictOf(failure: unknown): VersionConflictDetails | null {
  if (!isApiError(failure) || failure.status !== 409) return null;
  if (failure.code !== errorCodes.versionConflict) return null;
  const body = failure.body as { details?: unknown } | undefined;
  const details = versionConflictDetailsSchema.safeParse(body?.details);
  return details.success ? details.data : null;
}
