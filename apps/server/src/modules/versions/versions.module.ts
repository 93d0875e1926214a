import { defineModule } from '../../container/server-module';
import { createVersionsService, type VersionsService } from './versions.service';

declare module '../../container/provided' {
  interface Provided {
    /** The versions of every edited resource (docs/adr/0103). */
    versions: VersionsService;
  }
}

/**
 * Versions of flows, forms, dashboards, table structures, alert rules and queues
 * (docs/adr/0103): each resource's module records a version with every save through this
 * service and mounts its history routes with `versionRoutes`.
 */
export const versionsModule = defineModule({
  name: 'versions',
  needs: ['db', 'now', 'users'],
  provides: ['versions'],
  tables: ['resource_versions'],
  create: ({ db, now, users }) => ({
    versions: createVersionsService({ db, now, nameOf: users.nameOf }),
  }),
});
