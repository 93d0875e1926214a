import helmet from '@fastify/helmet';
import type { Server as HttpServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of every answer. The built SPA has no inline script; Monaco's
 * workers are same-origin chunks, some started from blob: URLs; Mantine injects <style> tags;
 * the live socket connects to the same origin over ws/wss, which 'self' covers (CSP level 3).
 */
export const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** `contentSecurityPolicy.directives` as the header's text (`defaultSrc` → `default-src`). */
export function policyText(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join(';');
}

/** The strict headers for answers Fastify never sees (the live socket's engine.io requests). */
export const rawStrictHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': policyText(contentSecurityPolicy.directives),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * engine.io answers its own path on the HTTP server before Fastify's hooks run: its handshake,
 * polling and error answers get the same headers here. Call after socket.io is attached (this
 * listener then runs first for every request and only touches the socket's path).
 */
export function addStrictHeadersOnPath(server: HttpServer, pathPrefix: string) {
  server.prependListener('request', (request, response) => {
    if (!request.url?.startsWith(pathPrefix)) return;
    for (const [name, value] of Object.entries(rawStrictHeaders)) response.setHeader(name, value);
  });
}

/** Security headers on every response: CSP, nosniff, no framing, no referrer. */
async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy,
    referrerPolicy: { policy: 'no-referrer' },
    // The API is read by other origins' servers (webhooks), never embedded: keep CORP off.
    crossOriginResourcePolicy: false,
    // HTTPS is the reverse proxy's choice; HSTS there, not from an app that may run on http.
    strictTransportSecurity: false,
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
