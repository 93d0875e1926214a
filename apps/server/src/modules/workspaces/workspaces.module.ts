import type { FastifyRequest } from 'fastify';
import { defineModule } from '../../container/server-module';
import { publicBaseUrl } from '../../lib/public-url';
import { workspaceAccountRoutes, workspaceApiRoutes } from './workspaces.routes';
import { createWorkspacesService, type WorkspacesService } from './workspaces.service';
import { workspacesAccess } from './workspaces.access';

declare module '../../container/provided' {
  interface Provided {
    workspaces: WorkspacesService;
  }
}

/** The customer's workspaces: list, create, switch, and the monthly AI token budget. */
export const workspacesModule = defineModule({
  name: 'workspaces',
  access: workspacesAccess,
  needs: ['db', 'now', 'tokens', 'publicUrl', 'aiUsage'],
  provides: ['workspaces'],
  tables: ['workspaces'],
  create: ({ db, now, tokens, aiUsage }) => ({
    workspaces: createWorkspacesService({ db, tokens, now, aiTokensThisMonth: aiUsage.month }),
  }),
  routes: {
    api: (api, { workspaces, publicUrl }) =>
      api.register(workspaceApiRoutes, {
        service: workspaces,
        publicUrl: (request: FastifyRequest) => publicBaseUrl(request, publicUrl),
      }),
    account: (account, { workspaces }) =>
      account.register(workspaceAccountRoutes, { service: workspaces }),
  },
});
