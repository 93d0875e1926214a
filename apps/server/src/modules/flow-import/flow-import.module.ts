import type { FastifyRequest } from 'fastify';
import { defineModule } from '../../container/server-module';
import { AppError } from '../../lib/app-error';
import { publicBaseUrl } from '../../lib/public-url';
import { flowImportAccess } from './flow-import.access';
import { flowImportRoutes } from './flow-import.routes';
import { createFlowImportService } from './flow-import.service';

/**
 * Flows of other tools' exports (n8n, Node-RED; docs/adr/0138): translated by the engine's
 * importers, reported, and created through the flows service. Owns no table.
 */
export const flowImportModule = defineModule({
  name: 'flow-import',
  access: flowImportAccess,
  needs: ['flows', 'flowsRepository', 'serviceAccounts', 'publicUrl'],
  provides: [],
  create: () => ({}),
  routes: {
    api: (api, { flows, flowsRepository, serviceAccounts, publicUrl }) =>
      api.register(flowImportRoutes, {
        service: createFlowImportService({
          flows,
          flowNames: flowsRepository.allNames,
          account: (workspaceId, id) =>
            serviceAccounts.get(workspaceId, id).then(
              (account) => ({ name: account.name, type: account.auth_type }),
              (error: unknown) => {
                if (error instanceof AppError && error.statusCode === 404) return null;
                throw error;
              },
            ),
        }),
        publicUrl: (request: FastifyRequest) => publicBaseUrl(request, publicUrl),
      }),
  },
});
