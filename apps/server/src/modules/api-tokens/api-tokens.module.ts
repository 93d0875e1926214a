import { defineModule } from '../../container/server-module';
import { apiTokensRoutes } from './api-tokens.routes';
import { createApiTokensService, type ApiTokensService } from './api-tokens.service';
import { apiTokensAccess } from './api-tokens.access';

declare module '../../container/provided' {
  interface Provided {
    /** The workspace's API tokens: made and revoked by people, verified by the MCP endpoint. */
    apiTokens: ApiTokensService;
  }
}

/** The workspace's API tokens (docs/adr/0098). */
export const apiTokensModule = defineModule({
  name: 'api-tokens',
  access: apiTokensAccess,
  needs: ['db', 'now', 'securityLog'],
  provides: ['apiTokens'],
  tables: ['api_tokens'],
  create: ({ db, now, securityLog }) => ({
    apiTokens: createApiTokensService({ db, now, security: securityLog.record }),
  }),
  routes: {
    api: (api, { apiTokens }) => api.register(apiTokensRoutes, { service: apiTokens }),
  },
});
