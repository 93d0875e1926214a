import { createVariablesReader, type VariablesReader } from '../../adapters/variables-reader';
import { stateChannels } from '../../cluster/state-channels';
import { defineModule } from '../../container/server-module';
import { variablesRoutes } from './variables.routes';
import { createVariablesService } from './variables.service';
import { variablesAccess } from './variables.access';

declare module '../../container/provided' {
  interface Provided {
    /** The engine's cached read of a workspace's variables. */
    variablesReader: VariablesReader;
  }
}

/**
 * The workspace's variables. Every process forgets its cached copy when any process saves
 * (docs/adr/0066); this one's at once, before the answer.
 */
export const variablesModule = defineModule({
  name: 'variables',
  access: variablesAccess,
  needs: ['db', 'now', 'bus'],
  provides: ['variablesReader'],
  tables: ['variables'],
  // The triggers module subscribes the reader to the changes (modules/triggers/shared-state.ts).
  create: ({ db }) => ({ variablesReader: createVariablesReader(db) }),
  routes: {
    api: (api, { db, now, bus }) =>
      api.register(variablesRoutes, {
        service: createVariablesService({
          db,
          now,
          onChange: (workspaceId) =>
            void bus.publish(stateChannels.variablesChanged, { workspaceId }),
        }),
      }),
  },
});
