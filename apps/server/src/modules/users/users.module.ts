import { defineModule } from '../../container/server-module';
import { userAccountRoutes, userApiRoutes } from './users.routes';
import { createUsersService, type UsersService } from './users.service';
import { usersAccess } from './users.access';

declare module '../../container/provided' {
  interface Provided {
    users: UsersService;
  }
}

export interface UsersOptions {
  /** PONTE_NODE_LIMIT: the Action/Trigger limit per flow of every customer, over their own. */
  nodeLimit?: number | null;
}

/** The signed-in person: profile, password, their sessions and their customer's limits. */
export const usersModule = defineModule({
  name: 'users',
  access: usersAccess,
  needs: ['db', 'now', 'tokens'],
  provides: ['users'],
  create: ({ db, now, tokens }, options: UsersOptions) => ({
    users: createUsersService({ db, tokens, now, nodeLimit: options.nodeLimit ?? null }),
  }),
  routes: {
    api: (api, { users, tokens }) => api.register(userApiRoutes, { service: users, tokens }),
    account: (account, { users, tokens }) =>
      account.register(userAccountRoutes, { service: users, tokens }),
  },
});
