import { z } from 'zod';
import { apiErrorSchema } from '@ponte/shared/errors';
import { text } from '@ponte/shared/text';

/** Declares the error answers of a route for the OpenAPI document. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}

export const bearerSecurity = [{ bearerAuth: [] }];

/** A route anyone may call: it declares no security, so the document's default does not apply. */
export const publicSecurity: { [scheme: string]: string[] }[] = [];

/** An id in a path: text without NUL, of a sane length (ids are UUIDs). */
export const idSchema = text().min(1).max(200);

export const idParamsSchema = z.object({ id: idSchema });
