import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

export const docsPrefix = '/api/docs';

/** The OpenAPI document is generated from the zod schema of every route. */
async function openapiPlugin(app: FastifyInstance) {
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
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: docsPrefix,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}

export default fp(openapiPlugin, { name: 'openapi' });
