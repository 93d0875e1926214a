import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { checkWebhookAuth } from '@ponte/engine/nodes/triggers/webhook-trigger/webhook-auth';
import type { WebhookResponse } from '@ponte/engine/kit/context';
import type { ExecutionResult } from '@ponte/engine/executor/events';
import { messages } from '@ponte/shared/messages';
import type { ExecutionRunner } from '../executions/execution-runner';
import type { TriggerManager } from './trigger-manager';

export interface WebhookRoutesOptions {
  runner: ExecutionRunner;
  triggers: TriggerManager;
  /** How long a webhook waits for the flow's answer (respond_node, last_node). */
  responseTimeoutMs?: number;
}

const m = messages.engine;

const error = (reply: FastifyReply, statusCode: number, code: string, message: string) =>
  reply.code(statusCode).send({ statusCode, code, message });

function answerOf(result: ExecutionResult): unknown {
  const last = result.lastMessage as { payload?: unknown } | undefined;
  return last && typeof last === 'object' && 'payload' in last ? last.payload : (last ?? null);
}

/**
 * Public webhooks: `{METHOD} /engine/webhook/{flowId}/{path}`. The flow id is the secret-less
 * address; the node's auth (header or basic) guards it. 404 for a disabled or unknown flow,
 * 401 when the auth fails.
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, options) => {
  const timeoutMs = options.responseTimeoutMs ?? 30_000;

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
    },
    handler: async (request, reply) => {
      const { flowId, '*': path } = request.params as { flowId: string; '*': string };
      const hook = options.triggers.findWebhook(flowId, request.method, path ?? '');
      if (!hook) return error(reply, 404, 'not_found', m.webhookNotFound);
      if (!checkWebhookAuth(hook.node.params, request.headers)) {
        return error(reply, 401, 'unauthorized', m.webhookUnauthorized);
      }
      const mode = String(hook.node.params.response || 'immediate');
      let respond: ((response: WebhookResponse) => void) | undefined;
      const responded = new Promise<WebhookResponse>((resolve) => (respond = resolve));
      const headers = { ...request.headers };
      delete headers.authorization;
      const enqueued = await options.runner.enqueue({
        workspaceId: hook.flow.workspaceId,
        flowId,
        triggerNodeUid: hook.node.uid,
        msg: {
          payload: request.body ?? null,
          webhook: { method: request.method, path: path ?? '', headers, query: request.query },
        },
        ...(mode === 'respond_node'
          ? { respond: (response: WebhookResponse) => respond?.(response) }
          : {}),
      });
      if (mode === 'immediate')
        return reply.code(202).send({ execution_id: enqueued.execution_id });

      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>(
        (resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)),
      );
      const outcome = await Promise.race([
        mode === 'respond_node' ? responded : new Promise<never>(() => undefined),
        enqueued.done,
        timeout,
      ]);
      clearTimeout(timer);
      if (outcome === 'timeout') return error(reply, 504, 'timeout', m.webhookTimeout);
      if ('body' in outcome && 'status' in outcome && !('execution_id' in outcome)) {
        const response = outcome as WebhookResponse;
        reply.code(response.status).headers(response.headers);
        return reply.send(
          typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? null),
        );
      }
      const result = outcome as ExecutionResult;
      if (result.status !== 'success') {
        return error(reply, 500, 'execution_failed', result.error?.message ?? 'A execução falhou.');
      }
      if (mode === 'respond_node') {
        return error(
          reply,
          500,
          'no_response',
          'O flow terminou sem passar pelo conector "Responder webhook".',
        );
      }
      return reply.code(200).send(answerOf(result));
    },
  });
};
