import type { FastifyPluginAsync } from 'fastify';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { publicSecurity } from '../../lib/route-schemas';
import { loadedAsCodeBySameOrigin, sendUserContent } from '../../lib/user-content';
import type { WebhookService } from './webhook.service';

export interface WebhookRoutesOptions {
  service: WebhookService;
}

/**
 * Public webhooks: `{METHOD} /engine/webhook/{flowId}/{path}`. The flow id is the secret-less
 * address; the node's auth (header or basic) guards it. 404 for a disabled or unknown flow,
 * 401 when the auth fails. A flow's answer goes out through `sendUserContent` (ADR 0016).
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, options) => {
  // Bodies of any type: JSON (default parser), forms, and anything else as text.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/webhook/:flowId/*',
    schema: {
      tags: ['Engine'],
      summary:
        'Chama o webhook de um flow (rota pública; a autenticação, se houver, é a do nó gatilho)',
      security: publicSecurity,
    },
    handler: async (request, reply) => {
      const { flowId, '*': path } = request.params as { flowId: string; '*': string };
      if (loadedAsCodeBySameOrigin(request.headers)) {
        const message = messages.generic.forbidden;
        return reply.code(403).send({ statusCode: 403, code: errorCodes.forbidden, message });
      }
      const answer = await options.service.call({
        address: request.ip,
        flowId,
        method: request.method,
        path: path ?? '',
        headers: request.headers,
        query: request.query,
        body: request.body,
      });
      if (answer.kind === 'error') {
        const { statusCode, code, message } = answer;
        if (answer.headers) reply.headers(answer.headers);
        return reply.code(statusCode).send({ statusCode, code, message });
      }
      // The flow wrote this answer: it is served sandboxed, never as a page of the app.
      return sendUserContent(reply, answer);
    },
  });
};
