import { defineModule } from '../../container/server-module';
import { editorRunRoutes } from './editor-run.routes';
import { createEditorRunService } from './editor-run.service';
import { editorRunsAccess } from './editor-runs.access';

/**
 * The editor's runs (docs/adr/0089): 'Executar até aqui' and 'Executar este conector' run the
 * editor's document through the runner, and the editor reads a trigger's last kept message.
 * Nothing of its own: no table, no task.
 */
export const editorRunsModule = defineModule({
  name: 'editor-runs',
  access: editorRunsAccess,
  needs: ['flows', 'flowsRepository', 'customNodeLibrary', 'runner'],
  provides: [],
  create: () => ({}),
  routes: {
    engine: (engine, { flows, flowsRepository, customNodeLibrary, runner }) =>
      engine.register(editorRunRoutes, {
        service: createEditorRunService({
          findFlow: (workspaceId, flowId) => flowsRepository.find(workspaceId, flowId),
          // A draft's save rules: the document may hold errors, the run shows where.
          checkDocument: (workspaceId, data) => flows.check(workspaceId, { data, enabled: false }),
          lookupFor: (workspaceId, data) => customNodeLibrary.lookupFor(workspaceId, data),
          enqueue: (request) => runner.enqueue(request),
          lastTriggerMessage: (workspaceId, flowId, nodeUid) =>
            runner.repository.lastTriggerMessage(workspaceId, flowId, nodeUid),
        }),
      }),
  },
});
