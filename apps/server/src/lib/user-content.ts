import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy of every response whose body a user wrote (a webhook's answer
 * today, a public form's tomorrow). `sandbox` without `allow-scripts` and without
 * `allow-same-origin` (ADR 0016): the page runs in an opaque origin with no script, so it can
 * neither read the app's localStorage nor call the API as the person who opened it. Forms and
 * links (also to a new tab) keep working; images, styles, fonts and media may come from anywhere.
 */
export const userContentPolicy = [
  'sandbox allow-forms allow-popups allow-popups-to-escape-sandbox',
  "default-src 'none'",
  "script-src 'none'",
  'img-src * data: blob:',
  "style-src * 'unsafe-inline'",
  'font-src * data:',
  'media-src * data: blob:',
  'form-action *',
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** What every user-authored response carries, over anything its author asked for. */
export const userContentHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': userContentPolicy,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Headers an author may not set: the security headers above (and their report-only forms),
 * anything that writes into the origin's storage or cookies, and the framing of the answer,
 * which the server computes itself.
 */
const refusedHeaders = new Set([
  ...Object.keys(userContentHeaders),
  'content-security-policy-report-only',
  'cross-origin-embedder-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'set-cookie',
  'clear-site-data',
  'service-worker-allowed',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
]);

/** The author's headers without the refused ones (names compared without case). */
export function allowedUserHeaders(
  headers: Record<string, string> | undefined,
): Record<string, string> {
  const allowed: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!refusedHeaders.has(name.toLowerCase())) allowed[name] = value;
  }
  return allowed;
}

/**
 * Sends a body a user wrote, with the headers they chose minus the refused ones, under the
 * sandbox policy instead of the app's own (which would let a same-origin page script the app).
 */
export function sendUserContent(
  reply: FastifyReply,
  answer: { statusCode: number; headers?: Record<string, string>; body: unknown },
) {
  // Security headers the app set on the raw response before the route ran are replaced.
  for (const name of Object.keys(userContentHeaders)) reply.raw.removeHeader(name);
  reply.code(answer.statusCode);
  reply.headers(allowedUserHeaders(answer.headers));
  reply.headers(userContentHeaders);
  return reply.send(answer.body);
}

/** Fetch destinations that run or style what they load. */
const codeDestinations = new Set([
  'script',
  'worker',
  'sharedworker',
  'serviceworker',
  'audioworklet',
  'paintworklet',
  'style',
  'xslt',
]);

/**
 * A page of the app's own origin loading a user-written answer as a script, worker or style
 * (Fetch Metadata). The app never does; only an injected tag would, and the app's
 * `script-src 'self'` would let it run: such a request is refused before the flow runs.
 */
export function loadedAsCodeBySameOrigin(headers: IncomingHttpHeaders): boolean {
  return (
    headers['sec-fetch-site'] === 'same-origin' &&
    codeDestinations.has(String(headers['sec-fetch-dest'] ?? ''))
  );
}
