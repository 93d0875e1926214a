import { defineModule } from '../../container/server-module';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { approvalsPublicRoutes, approvalsRoutes } from './approvals.routes';
import { createApprovalsService } from './approvals.service';
import { approvalsAccess } from './approvals.access';

/**
 * Approvals of agents' tool calls (docs/adr/0100): the requests the engine's approvals port
 * writes, the pending list in /monitoring/active, the decisions by a member or by the link,
 * each resuming the waiting execution once.
 */
export const approvalsModule = defineModule({
  name: 'approvals',
  access: approvalsAccess,
  needs: [],
  provides: [],
  tables: ['agent_approvals'],
  routeNeeds: ['db', 'now', 'runner', 'config'],
  create: () => ({}),
  routes: {
    api: (api, parts) => api.register(approvalsRoutes, { service: serviceOf(parts) }),
    public: (app, parts) =>
      app.register(approvalsPublicRoutes, {
        prefix: '/engine',
        webDist: parts.config.webDist,
        service: serviceOf(parts),
      }),
  },
});

function serviceOf(parts: {
  db: Parameters<typeof createApprovalsService>[0]['db'];
  now: () => Date;
  runner: {
    resume: Parameters<typeof createApprovalsService>[0]['resume'];
    repository: { findInWorkspace(w: string, id: string): Promise<{ status: string } | null> };
    loadFlow(w: string, id: string): Promise<{ data: unknown } | null>;
  };
}) {
  const { db, now, runner } = parts;
  return createApprovalsService({
    db,
    now,
    resume: (workspaceId, executionId, request) => runner.resume(workspaceId, executionId, request),
    executionStatus: async (workspaceId, executionId) =>
      (await runner.repository.findInWorkspace(workspaceId, executionId))?.status ?? null,
    flowDocument: async (workspaceId, flowId) =>
      ((await runner.loadFlow(workspaceId, flowId))?.data as FlowDocument | undefined) ?? null,
  });
}
