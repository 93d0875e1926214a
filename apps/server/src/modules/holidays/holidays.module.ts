import {
  createWorkspaceHolidaysReader,
  type WorkspaceHolidaysReader,
} from '../../adapters/workspace-holidays-reader';
import { defineModule } from '../../container/server-module';
import { holidaysAccess } from './holidays.access';
import { holidaysRoutes } from './holidays.routes';
import { createHolidaysService } from './holidays.service';

declare module '../../container/provided' {
  interface Provided {
    /**
     * Every holiday a workspace added itself, as the business-day functions take them (the
     * expression preview; the schedules' 'Somente dias úteis'). Executions read the same
     * through the engine's holidays port.
     */
    workspaceHolidays: WorkspaceHolidaysReader;
  }
}

/** The workspace's own holidays (docs/adr/0121): the screen's API and their one reader. */
export const holidaysModule = defineModule({
  name: 'holidays',
  access: holidaysAccess,
  needs: ['db', 'now'],
  provides: ['workspaceHolidays'],
  tables: ['workspace_holidays'],
  create: ({ db }) => ({ workspaceHolidays: createWorkspaceHolidaysReader(db) }),
  routes: {
    api: (api, { db, now }) =>
      api.register(holidaysRoutes, { service: createHolidaysService({ db, now }) }),
  },
});
