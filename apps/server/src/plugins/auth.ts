import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@ponte/shared/messages';
import type { Permission, Role } from '@ponte/shared/roles';
import { forbidden, unauthorized } from '../lib/app-error';

/** Who is calling, taken from the bearer token: the only source of the workspace id. */
export interface AuthContext {
  userId: string;
  workspaceId: string;
  customerId: string;
  isOwner: boolean;
  /** The caller's role in the workspace (docs/adr/0106), read with the session on every request. */
  role: Role;
  /**
   * The groups the member is limited to (docs/adr/0109), read with the session on every
   * request; absent: every group (owners, admins, API keys, most members).
   */
  groupIds?: readonly string[];
  /** The token's session row (`jti`): refresh ends it, a password change ends them all. */
  sessionId: string;
  /** When the token stops working (its `exp`). */
  expiresAt: Date;
  /**
   * A Ponte API token (`ponte_token` service account): GET routes of /api/v1 and /engine of its
   * workspace only; anything else answers 403 (docs/adr/0025).
   */
  readOnly?: true;
  /**
   * A workspace API key (`ponte_…`, docs/adr/0106): the key's scopes, which the route table is
   * checked against instead of a role; routes for signed-in people (`session`) refuse it.
   */
  scopes?: readonly Permission[];
  /** The API key that made the call, for the audit log (docs/adr/0107). */
  apiKey?: { id: string; name: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook for authenticated scopes: 401 unless a valid bearer token is sent. */
    requireSession(request: FastifyRequest): Promise<void>;
    /** Requests whose session is being checked right now (arrived, not yet authenticated). */
    sessionsResolving(): number;
  }
}

export interface AuthPluginOptions {
  resolveSession(token: string): Promise<AuthContext | null>;
}

const bearer = /^Bearer +([A-Za-z0-9\-_.]+)\s*$/i;

/** Where a read-only token may read: GET (and HEAD) routes of the workspace and the engine. */
const readOnlyScopes = ['/api/v1/', '/engine/'];
/** GET routes that act (spec 1 §7: restarting the engine is a GET): never for a read-only token. */
const actingGetRoutes = new Set([
  '/engine/stop-execution/restart',
  // Creates an OAuth2 state, and for client_credentials asks and stores a token.
  '/api/v1/service-accounts/:id/oauth2/authorize/',
  '/api/v1/service-accounts/:id/oauth2/authorize',
]);

function allowedReadOnly(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const route = request.routeOptions.url ?? '';
  if (actingGetRoutes.has(route)) return false;
  return readOnlyScopes.some((scope) => route.startsWith(scope));
}

/** The session of an authenticated route; throws 401 where there is none. */
export function sessionOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

function authPlugin(app: FastifyInstance, options: AuthPluginOptions, done: () => void) {
  app.decorateRequest('auth', null);
  let resolving = 0;
  app.decorate('sessionsResolving', () => resolving);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    const match = bearer.exec(request.headers.authorization ?? '');
    let session: AuthContext | null = null;
    if (match?.[1]) {
      resolving++;
      try {
        session = await options.resolveSession(match[1]);
      } finally {
        resolving--;
      }
    }
    if (!session) throw unauthorized();
    if (session.readOnly && !allowedReadOnly(request))
      throw forbidden(messages.serviceAccounts.readOnlyToken);
    request.auth = session;
  });
  done();
}

export default fp(authPlugin, { name: 'auth' });
