import { defineModule, roles } from '../../container/server-module';
import { versionRetentionRoutes } from './version-retention.routes';
import { createVersionRetention } from './version-retention';
import { createVersionsService, type VersionsService } from './versions.service';
import { versionsAccess } from './versions.access';

declare module '../../container/provided' {
  interface Provided {
    /** The versions of every edited resource (docs/adr/0103). */
    versions: VersionsService;
  }
}

/**
 * Versions of flows, forms, dashboards, table structures, alert rules and queues
 * (docs/adr/0103): each resource's module records a version with every save through this
 * service and mounts its history routes with `versionRoutes`. The workspace's retention of
 * versions is read and set here, and applied daily to the items nobody saved lately.
 */
export const versionsModule = defineModule({
  name: 'versions',
  access: versionsAccess,
  needs: ['db', 'now', 'users', 'log'],
  provides: ['versions'],
  tables: ['resource_versions'],
  create: ({ db, now, users }) => ({
    versions: createVersionsService({ db, now, nameOf: users.nameOf }),
  }),
  routes: {
    api: (api, { versions }) => api.register(versionRetentionRoutes, { versions }),
  },
  tasks: ({ versions, log }) => [
    {
      name: 'retenção das versões',
      runsOn: roles.work,
      ...createVersionRetention({
        versions,
        onError: (error) => log.error({ err: error }, 'falha ao apagar versões antigas'),
        onRemoved: (count) => log.info({ count }, 'versões antigas apagadas'),
      }),
    },
  ],
});
