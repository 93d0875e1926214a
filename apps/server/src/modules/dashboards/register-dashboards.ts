import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { VersionsService } from '../versions/versions.service';
import { dashboardQueryRoutes } from './dashboard-query.routes';
import { createDashboardQueryService, type DashboardQueryDeps } from './dashboard-query.service';
import { dashboardsRoutes } from './dashboards.routes';
import { createDashboardsService } from './dashboards.service';

/** The dashboards' CRUD and query routes, in the authenticated /api/v1 scope. */
export async function registerDashboards(
  api: FastifyInstance,
  deps: {
    db: Database;
    now: () => Date;
    log: DashboardQueryDeps['log'];
    versions: VersionsService;
  },
) {
  const service = createDashboardsService(deps);
  await api.register(dashboardsRoutes, { service, versions: deps.versions });
  await api.register(dashboardQueryRoutes, {
    service: createDashboardQueryService({ ...deps, dashboards: service }),
  });
}
