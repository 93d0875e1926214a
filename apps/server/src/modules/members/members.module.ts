import { defineModule } from '../../container/server-module';
import { membersAccess } from './members.access';
import { membersRoutes } from './members.routes';
import { createMembersService, type MembersService } from './members.service';

declare module '../../container/provided' {
  interface Provided {
    members: MembersService;
  }
}

/** The workspace's members and their roles (docs/adr/0106). */
export const membersModule = defineModule({
  name: 'members',
  access: membersAccess,
  needs: ['db', 'tokens'],
  provides: ['members'],
  tables: ['memberships'],
  create: ({ db, tokens }) => ({ members: createMembersService({ db, tokens }) }),
  routes: {
    api: (api, { members }) => api.register(membersRoutes, { service: members }),
  },
});
