import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const probes = new Set(['/healthz', '/readyz']);
/** Files of the built web app: a path whose last segment has an extension. */
const assetPath = /\/[^/]+\.[a-z0-9]+$/i;

/** Health probes and static files: polled or fetched so often that they log at `debug`. */
export function isQuietRequest(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return probes.has(path) || path.startsWith('/assets/') || assetPath.test(path);
}

/** Fastify's request logs, with the quiet requests at `debug` instead of `info`. */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (!isQuietRequest(request.url)) return super.incomingRequest(request, reply);
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error || !isQuietRequest(request.url)) {
      return super.requestCompleted(error, request, reply);
    }
    if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
