import { defineModule } from '../../container/server-module';
import { buildFlowTemplates, offeredTemplates } from './build-flow-templates';
import { flowTemplatesRoutes } from './flow-templates.routes';
import { createFlowTemplatesService } from './flow-templates.service';
import { templatesAccess } from './templates.access';

/** The flow templates offered with the node library of this instance. */
export const templatesModule = defineModule({
  name: 'templates',
  access: templatesAccess,
  needs: ['library'],
  provides: [],
  create: () => ({}),
  routes: {
    account: (account, { library }) =>
      account.register(flowTemplatesRoutes, {
        service: createFlowTemplatesService(
          offeredTemplates(buildFlowTemplates(library.manifest), library.manifest),
        ),
      }),
  },
});
