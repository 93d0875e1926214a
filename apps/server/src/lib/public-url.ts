import type { FastifyRequest } from 'fastify';

/**
 * The address people and other systems reach Ponte at, without a trailing slash:
 * PONTE_PUBLIC_URL when set, otherwise the request's own scheme and host (the proxy's
 * X-Forwarded-Proto/Host when PONTE_TRUST_PROXY trusts it).
 */
export function publicBaseUrl(request: FastifyRequest, configured: string | null): string {
  return configured ?? `${request.protocol}://${request.host}`;
}
