import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyApp } from './create-fastify';
import type { AuditTrail } from './audit-trail';
import type { RouteAccessGuard } from './route-access';
import { bodyLimits } from './create-fastify';

/** A Fastify scope a module registers routes in. */
export type RouteScope = FastifyApp;

/**
 * The scopes, in the order they are registered: the app itself (health, metrics, sessions),
 * /api/v1 and /engine behind a session, the public /engine routes (webhooks, forms),
 * /account/v1 with its small bodies, and last the web app's pages.
 */
export const routeScopeNames = ['root', 'api', 'engine', 'public', 'account', 'spa'] as const;
export type RouteScopeName = (typeof routeScopeNames)[number];

export interface RouteScopeOptions {
  /** Size of one uploaded file and files per request (default: 100 MB and 20). */
  uploadLimits?: { fileSize: number; files: number };
}

/** Registers every scope with the routes `register` puts in it. */
export async function registerRouteScopes(
  app: FastifyApp,
  options: RouteScopeOptions,
  guards: {
    access: RouteAccessGuard;
    trail: AuditTrail;
    /** A member limited to some groups (docs/adr/0109), once the body is parsed. */
    groups: (request: FastifyRequest) => Promise<void>;
  },
  register: (name: RouteScopeName, scope: RouteScope) => Promise<void>,
): Promise<void> {
  // Every route of /api/v1, /engine (signed-in) and /account/v1 is in a module's access table,
  // checked once the session is known (docs/adr/0106); their changes go to the audit log
  // (docs/adr/0107); a member limited to some groups reaches only theirs (docs/adr/0109).
  const { access, trail, groups } = guards;
  const guard = (scope: FastifyApp) => {
    scope.addHook('onRoute', access.onRoute);
    scope.addHook('preHandler', groups);
    scope.addHook('preValidation', access.check);
    scope.addHook('preHandler', trail.preHandler);
    scope.addHook('onSend', trail.onSend);
  };
  await register('root', app);
  await app.register(
    async (api) => {
      guard(api);
      api.addHook('onRequest', api.requireSession);
      await register('api', api);
    },
    { prefix: '/api/v1' },
  );
  await app.register(
    async (engine) => {
      guard(engine);
      engine.addHook('onRequest', engine.requireSession);
      await engine.register(multipart, {
        limits: options.uploadLimits ?? { fileSize: 100 * 1024 * 1024, files: 20 },
      });
      await register('engine', engine);
    },
    { prefix: '/engine' },
  );
  await register('public', app);
  await app.register(
    async (account) => {
      guard(account);
      account.addHook('onRoute', (route) => {
        route.bodyLimit ??= bodyLimits.account;
      });
      await register('account', account);
    },
    { prefix: '/account/v1' },
  );
  await register('spa', app);
}
