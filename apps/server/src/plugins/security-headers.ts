import helmet from '@fastify/helmet';
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
