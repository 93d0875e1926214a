import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import { publicSecurity } from '../../lib/route-schemas';
import type { ServiceHooks } from './service-hooks.service';

/**
 * Public addresses of service connectors' triggers: `{GET|HEAD|POST} /engine/hooks/{flowId}/{nodeUid}`.
 * The body is kept as the bytes that came, every content type alike: the service's signature is
 * computed over them (docs/adr/0091).
 */
export const serviceHookRoutes: FastifyPluginAsync<{ hooks: ServiceHooks }> = async (
  app,
  { hooks },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const handler: RouteHandlerMethod = async (request, reply) => {
    const { flowId, nodeUid } = request.params as { flowId: string; nodeUid: string };
    const answer = await hooks.call({
      address: request.ip,
      flowId,
      nodeUid,
      method: request.method,
      headers: request.headers,
      query: request.query as Record<string, unknown>,
      rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    });
    reply.code(answer.statusCode);
    if ('text' in answer) return reply.type('text/plain; charset=utf-8').send(answer.text);
    if (answer.headers) reply.headers(answer.headers);
    return reply.send(answer.json);
  };
  app.route({
    // HEAD: the service's check that the address answers (Trello's, when a webhook is created).
    method: ['GET', 'HEAD', 'POST'],
    url: '/hooks/:flowId/:nodeUid',
    schema: {
      tags: ['Engine'],
      summary:
        'Recebe as entregas de um serviço para o gatilho de um conector (rota pública; a assinatura do serviço a protege)',
      security: publicSecurity,
    },
    handler,
  });
  // The Pix API's PSP calls `<registered address>/pix` (openapi.yaml, callback listaPix,
  // docs/adr/0117): the same node, the suffix dropped.
  app.route({
    method: 'POST',
    url: '/hooks/:flowId/:nodeUid/pix',
    schema: {
      tags: ['Engine'],
      summary:
        'Recebe as notificações de Pix de um PSP (API Pix do BC) para o gatilho Pix recebido (rota pública; o token do endereço a protege)',
      security: publicSecurity,
    },
    handler,
  });
};
