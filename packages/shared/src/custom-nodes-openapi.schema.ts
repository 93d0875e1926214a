import { z } from 'zod';
import { text } from './text';

/**
 * 'Criar a partir de OpenAPI' (docs/adr/0137): a connector built from an OpenAPI 3.0/3.1 or
 * Swagger 2.0 document, one operation of the document per option of its `operacao` param.
 */

/** The largest document read, from a URL or sent in the body (characters or bytes). */
export const openApiDocumentMax = 10 * 1024 * 1024;

/** Where the document comes from: an http(s) address fetched through the network guard, or its text. */
/** One of the two is needed (400 `sourceRequired` otherwise); `document` wins when both come. */
export const openApiSourceSchema = z.object({
  url: text().trim().max(2000).optional(),
  /** The document itself: JSON or YAML text. */
  document: text().max(openApiDocumentMax).optional(),
});
export type OpenApiSource = z.infer<typeof openApiSourceSchema>;

export const openApiOperationSchema = z.object({
  /** The operationId, or `METHOD /path` when the document gives none. */
  id: z.string(),
  method: z.string(),
  path: z.string(),
  summary: z.string(),
  /** Its first tag, '' without one. */
  tag: z.string(),
  deprecated: z.boolean(),
});
export type OpenApiOperation = z.infer<typeof openApiOperationSchema>;

export const openApiSecuritySchemeSchema = z.object({
  name: z.string(),
  /** apiKey, http, oauth2, openIdConnect (Swagger 2.0's basic becomes http). */
  type: z.string(),
  /** http: bearer, basic…; apiKey: where the key goes (header, query, cookie). */
  scheme: z.string().optional(),
  in: z.string().optional(),
  /** The header or query name of an apiKey. */
  param_name: z.string().optional(),
  /** The Ponte account types the connector accepts for it ([] for an apiKey: read from a variable). */
  account_types: z.array(z.string()),
});
export type OpenApiSecurityScheme = z.infer<typeof openApiSecuritySchemeSchema>;

/** POST /api/v1/custom-nodes/openapi/read. */
export const openApiSummarySchema = z.object({
  title: z.string(),
  version: z.string(),
  description: z.string(),
  /** 'OpenAPI 3.1.0', 'Swagger 2.0'. */
  spec: z.string(),
  /** Base URLs, server variables replaced by their defaults. */
  servers: z.array(z.string()),
  security: z.array(openApiSecuritySchemeSchema),
  operations: z.array(openApiOperationSchema),
});
export type OpenApiSummary = z.infer<typeof openApiSummarySchema>;

/** POST /api/v1/custom-nodes/openapi: the source, the picked operations, and optionally a name and group. */
export const openApiCreateBodySchema = openApiSourceSchema
  .extend({
    operations: z.array(text().max(1000)).max(1000),
    name: text().trim().max(500).optional(),
    group: text().max(200).nullish(),
  })
  .meta({ required: ['operations'] });
export type OpenApiCreateBody = z.infer<typeof openApiCreateBodySchema>;
