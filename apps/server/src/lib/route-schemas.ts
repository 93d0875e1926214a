import { z } from 'zod';
import { apiErrorSchema } from '@ponte/shared/errors';

/** Declares the error answers of a route for the OpenAPI document. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}

export const bearerSecurity = [{ bearerAuth: [] }];

export const idParamsSchema = z.object({ id: z.string().min(1) });
