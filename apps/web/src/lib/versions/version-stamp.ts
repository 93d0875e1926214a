import { z } from 'zod';
import { versionConflictDetailsSchema } from '@ponte/shared/versions.schema';
import type { VersionConflictDetails } from '@ponte/shared/versions.schema';
import { errorCodes } from '@ponte/shared/errors';
import { isApiError } from '../api/api-error';

/** What an update of a versioned resource carries besides its fields: the version it was based on. */
export interface VersionStamp {
  version?: number;
}

const versionField = { version: z.number().int().positive().optional() };

/**
 * A resource's response schema that keeps its `version` (docs/adr/0103). Until every response
 * schema of `@ponte/shared` names it, a plain schema would drop it; optional, as a server
 * without versions sends none.
 */
export function withVersion<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema.extend(versionField);
}

/** The `version` of a resource's answer, when it has one. */
export function versionOf(resource: unknown): number | undefined {
  if (typeof resource !== 'object' || resource === null) return undefined;
  const version = (resource as { version?: unknown }).version;
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
