import { defineModule } from '../../container/server-module';
import { waitLinksPublicRoutes } from './wait-links.routes';
import { createWaitLinksService } from './wait-links.service';

/**
 * The links 'Aguardar chamada' nodes wait on (docs/adr/0114): the engine's port writes them,
 * a call to one resumes the waiting execution once, the node expires them when the time runs
 * out.
 */
export const waitLinksModule = defineModule({
  name: 'wait-links',
  access: {},
  needs: [],
  provides: [],
  tables: ['wait_links'],
  routeNeeds: ['db', 'now', 'runner'],
  create: () => ({}),
  routes: {
    public: (app, { db, now, runner }) =>
      app.register(waitLinksPublicRoutes, {
        prefix: '/engine',
        service: createWaitLinksService({
          db,
          now,
          resume: (workspaceId, executionId, request) =>
            runner.resume(workspaceId, executionId, request),
        }),
      }),
  },
});
