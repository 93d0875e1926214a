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

/** A file part of a multipart body, as the document says it. */
export const documentedFile = {
  type: 'string',
  format: 'binary',
  contentMediaType: 'application/octet-stream',
};

/** The document's body of a route that reads a multipart form itself (`config.documentedBody`). */
export function multipartBody(schema: Record<string, unknown>) {
  return { content: { 'multipart/form-data': { schema } } };
}

/** An id in a path: text without NUL, of a sane length (ids are UUIDs). */
export const idSchema = text().min(1).max(200);

export const idParamsSchema = z.object({ id: idSchema });
