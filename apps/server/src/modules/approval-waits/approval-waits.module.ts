import { approvalLinkKey } from '../../adapters/approval-waits-port';
import { defineModule } from '../../container/server-module';
import { approvalWaitsPublicRoutes } from './approval-waits.routes';
import { createApprovalWaitsService } from './approval-waits.service';

/**
 * The approvals 'Aguardar aprovação' nodes wait on (docs/adr/0115): the engine's port writes
 * the request and one signed link per approver; an answer by a link is taken once, and the
 * one that decides resumes the waiting execution; the node expires the request at its time.
 */
export const approvalWaitsModule = defineModule({
  name: 'approval-waits',
  access: {},
  needs: [],
  provides: [],
  tables: ['approval_waits', 'approval_wait_links'],
  routeNeeds: ['db', 'now', 'runner', 'config'],
  create: () => ({}),
  routes: {
    public: (app, { db, now, runner, config }) =>
      app.register(approvalWaitsPublicRoutes, {
        prefix: '/engine',
        webDist: config.webDist,
        service: createApprovalWaitsService({
          db,
          now,
          key: approvalLinkKey(config.encryptionKey),
          resume: (workspaceId, executionId, request) =>
            runner.resume(workspaceId, executionId, request),
          executionStatus: async (workspaceId, executionId) =>
            (await runner.repository.findInWorkspace(workspaceId, executionId))?.status ?? null,
        }),
      }),
  },
});
