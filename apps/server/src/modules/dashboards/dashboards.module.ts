import { defineModule } from '../../container/server-module';
import { registerDashboards } from './register-dashboards';
import { dashboardsAccess } from './dashboards.access';

/** The workspace's dashboards and their widgets' queries. */
export const dashboardsModule = defineModule({
  name: 'dashboards',
  access: dashboardsAccess,
  needs: ['db', 'now', 'log', 'versions'],
  provides: [],
  tables: ['dashboards'],
  create: () => ({}),
  routes: {
    api: (api, { db, now, log, versions }) => registerDashboards(api, { db, now, log, versions }),
  },
});
