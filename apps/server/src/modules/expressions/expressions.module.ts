import { defineModule } from '../../container/server-module';
import { expressionPreviewRoutes } from './expression-preview.routes';
import { createExpressionPreviewService } from './expression-preview.service';
import { expressionsAccess } from './expressions.access';

/**
 * The flow editor's expression preview (POST /engine/expressions/preview): templates resolved
 * over a sample message as a run would resolve them. Owns no table; reads flows, variables
 * and the workspace's holidays.
 */
export const expressionsModule = defineModule({
  name: 'expressions',
  access: expressionsAccess,
  needs: ['flowsRepository', 'variablesReader', 'workspaceHolidays'],
  provides: [],
  create: () => ({}),
  routes: {
    engine: (engine, { flowsRepository, variablesReader, workspaceHolidays }) =>
      engine.register(expressionPreviewRoutes, {
        service: createExpressionPreviewService({
          flowVariables: async (workspaceId, flowId) =>
            (await flowsRepository.find(workspaceId, flowId))?.variables ?? null,
          workspaceVariables: (workspaceId) => variablesReader.all(workspaceId),
          workspaceHolidays,
        }),
      }),
  },
});
