import { defineModule } from '../../container/server-module';
import { groupsRoutes } from './groups.routes';
import { createGroupsService } from './groups.service';
import { groupsAccess } from './groups.access';

/** The workspace's groups, which flows, forms, tables and the rest are filed under. */
export const groupsModule = defineModule({
  name: 'groups',
  access: groupsAccess,
  needs: ['db', 'now'],
  provides: [],
  tables: ['groups'],
  create: () => ({}),
  routes: {
    api: (api, { db, now }) =>
      api.register(groupsRoutes, { service: createGroupsService({ db, now }) }),
  },
});
