import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { createAuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createMemoryLoginThrottle, type LoginThrottle } from './modules/auth/login-throttle';
import { createTokenIssuer } from './modules/auth/token-issuer';
import { createRegistry } from '@ponte/engine/kit/registry';
import { builtinNodes } from '@ponte/engine/nodes/index';
import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import { engineRoutes } from './modules/engine/engine.routes';
import { createFlowsService } from './modules/flows/flows.service';
import { flowsRoutes } from './modules/flows/flows.routes';
import { createGroupsService } from './modules/groups/groups.service';
import { monitoringRoutes } from './modules/logs/monitoring.routes';
import { groupsRoutes } from './modules/groups/groups.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createUsersService } from './modules/users/users.service';
import { userAccountRoutes, userApiRoutes } from './modules/users/users.routes';
import { createVariablesService } from './modules/variables/variables.service';
import { variablesRoutes } from './modules/variables/variables.routes';
import { createWorkspacesService } from './modules/workspaces/workspaces.service';
import { workspaceAccountRoutes, workspaceApiRoutes } from './modules/workspaces/workspaces.routes';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import spaPlugin from './plugins/spa';

export const bodyLimits = { global: 10 * 1024 * 1024, account: 64 * 1024 } as const;

export interface BuildAppOptions {
  config: Pick<AppConfig, 'jwtSecret' | 'admin' | 'docsUrl' | 'supportUrl' | 'webDist'>;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The clock of tokens and timestamps (tests move it). */
  now?: () => Date;
  loginThrottle?: LoginThrottle;
  /** Node types beside the built-in library (custom connectors, tests). */
  nodes?: NodeDefinition[];
}

let zodConfigured = false;

/** The HTTP application; main.ts listens with it, tests call it through `app.inject()`. */
export async function buildApp(options: BuildAppOptions) {
  if (!zodConfigured) {
    z.config(z.locales.pt());
    zodConfigured = true;
  }
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const db = database.db;

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: bodyLimits.global,
    forceCloseConnections: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (a DELETE sent with a JSON content type) reads as no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });

  await app.register(errorsPlugin);
  await app.register(openapiPlugin);

  const tokens = createTokenIssuer(config.jwtSecret, now);
  const auth = createAuthService({
    db,
    tokens,
    throttle: options.loginThrottle ?? createMemoryLoginThrottle(),
    now,
  });
  const users = createUsersService({ db, tokens, now });
  const workspaces = createWorkspacesService({ db, tokens, now });
  const groups = createGroupsService({ db, now });
  const variables = createVariablesService({ db, now });
  const library = createRegistry([...builtinNodes, ...(options.nodes ?? [])]);
  const flows = createFlowsService({ db, now, lookup: library.manifest });

  await app.register(authPlugin, { resolveSession: (token) => auth.resolveSession(token) });
  await app.register(healthRoutes, { ping: () => database.ping() });

  await app.register(
    async (api) => {
      api.addHook('onRequest', api.requireSession);
      await api.register(userApiRoutes, { service: users, tokens });
      await api.register(workspaceApiRoutes, { service: workspaces });
      await api.register(groupsRoutes, { service: groups });
      await api.register(variablesRoutes, { service: variables });
      await api.register(flowsRoutes, { service: flows });
      await api.register(monitoringRoutes, { db, now });
    },
    { prefix: '/api/v1' },
  );

  await app.register(
    async (engine) => {
      engine.addHook('onRequest', engine.requireSession);
      await engine.register(engineRoutes, {
        manifests: () => library.manifests(),
        lookup: library.manifest,
      });
    },
    { prefix: '/engine' },
  );

  await app.register(
    async (account) => {
      account.addHook('onRoute', (route) => {
        route.bodyLimit ??= bodyLimits.account;
      });
      await account.register(authRoutes, {
        service: auth,
        tokens,
        publicConfig: { docs_url: config.docsUrl, support_url: config.supportUrl },
      });
      await account.register(workspaceAccountRoutes, { service: workspaces });
      await account.register(userAccountRoutes, { service: users, tokens });
    },
    { prefix: '/account/v1' },
  );

  await app.register(spaPlugin, { webDist: config.webDist });

  const admin = config.admin;
  if (admin) {
    app.addHook('onReady', async () => {
      if (await auth.bootstrapAdmin(admin)) {
        app.log.info({ email: admin.email }, 'primeira conta criada a partir de PONTE_ADMIN_EMAIL');
      }
    });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
