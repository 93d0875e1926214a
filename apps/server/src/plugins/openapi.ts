import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { bearerSecurity } from '../lib/route-schemas';
import { withOperationIds } from './openapi-operations';

export const docsPrefix = '/api/docs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A body the route reads itself (multipart: fields and files), for the document only: it
     * is not validated by a schema. Keyed by content type.
     */
    documentedBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  }
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

export interface OpenapiOptions {
  /** PONTE_PUBLIC_URL: the document's server; else the address the document was read from. */
  publicUrl: string | null;
}

/**
 * The OpenAPI document is generated from the zod schema of every route. Every operation has an
 * id; routes are signed-in unless they declare `security: []` (ADR 0083).
 */
async function openapiPlugin(app: FastifyInstance, { publicUrl }: OpenapiOptions) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ponte',
        description:
          'API do Ponte: workspace (/api/v1), conta (/account/v1) e saúde do servidor. ' +
          'Rotas autenticadas pedem o cabeçalho `Authorization: Bearer <token>`.',
        version: '0.1.0',
      },
      // A relative URL is the address the document itself was read from.
      servers: [{ url: publicUrl ?? '/', description: 'Este Ponte' }],
      security: bearerSecurity,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            // A code span: Swagger UI renders descriptions as Markdown, where <token> is a tag.
            description:
              'O token de `POST /account/v1/authenticate`, enviado como `Authorization: Bearer <token>`.',
          },
          workspaceApiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'Uma chave de API do workspace (`ponte_…`, criada em "Tokens de API"), enviada como `Authorization: Bearer ponte_…`: vale nas rotas de /api/v1 e /engine que os seus escopos permitem (403 nas outras) e no servidor MCP quando tem o escopo "executar flows" (docs/adr/0098, 0106).',
          },
        },
      },
    },
    // Route paths are written from the server's root, whatever path the public URL has.
    stripBasePath: false,
    transform: (document) => {
      const result = zodTransform(document);
      const body = document.route.config?.documentedBody;
      return body ? { ...result, schema: { ...result.schema, body } } : result;
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? { ...document.openapiObject, paths: withOperationIds(document.openapiObject.paths ?? {}) }
        : document.swaggerObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: docsPrefix,
    // The operation ids are shown: they are the method names of a generated client.
    uiConfig: { docExpansion: 'list', deepLinking: true, displayOperationId: true },
  });
}

export default fp(openapiPlugin, { name: 'openapi' });
