import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from './errors';

export interface SpaPluginOptions {
  webDist: string;
}

const apiPrefixes = ['/api', '/account', '/engine', '/metrics'];
/** A missing file (`/logo.png`, `/assets/x.js`): never a page of the app. */
const fileLike = /\/[^/]*\.[a-z0-9]+$/i;
const probes = ['/healthz', '/readyz'];

export const missingBuildMessage =
  'A interface web ainda não foi construída. Rode `npm run build` na raiz do projeto e inicie o Ponte novamente.';

/** True for paths the SPA never answers: APIs, the engine, metrics, probes and files. */
export function isServerPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (
    probes.includes(path) ||
    fileLike.test(path) ||
    apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  );
}

function spaPlugin(app: FastifyInstance, { webDist }: SpaPluginOptions, done: () => void) {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    void app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // The build writes `x.br` and `x.gz` beside each text file (ADR 0062): the one the
      // client's Accept-Encoding prefers goes out, the plain file otherwise.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          path.startsWith(join(webDist, 'assets'))
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const isPage = (request: FastifyRequest) =>
    (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (!isPage(request)) return sendRouteNotFound(reply);
    if (!built) {
      return reply.code(503).type('text/plain; charset=utf-8').send(missingBuildMessage);
    }
    return reply.sendFile('index.html');
  });
  done();
}

/** Serves the built web app, with every unknown page answered by index.html (history routing). */
export default fp(spaPlugin, { name: 'spa' });
