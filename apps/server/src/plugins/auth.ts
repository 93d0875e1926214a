import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error';

/** Who is calling, taken from the bearer token: the only source of the workspace id. */
export interface AuthContext {
  userId: string;
  workspaceId: string;
  customerId: string;
  isOwner: boolean;
  /** The token's session row (`jti`): refresh ends it, a password change ends them all. */
  sessionId: string;
  /** When the token stops working (its `exp`). */
  expiresAt: Date;
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
    request.auth = session;
  });
  done();
}

export default fp(authPlugin, { name: 'auth' });
