import { defineModule } from '../../container/server-module';
import type { QueuesOptions } from '../queues/queues.module';
import { registerHealth } from './register-health';

/**
 * GET /healthz and GET /readyz on any process (docs/adr/0068): the database, and Redis when
 * this process uses it.
 */
export const healthModule = defineModule({
  name: 'health',
  needs: ['database', 'cluster'],
  provides: [],
  create: () => ({}),
  routes: {
    // The given driver: the Redis one answers `ping` on its own connection.
    root: (app, { database, cluster }, options: QueuesOptions) =>
      registerHealth(app, {
        database,
        ...(options.queues ? { queues: options.queues } : {}),
        cluster,
      }),
  },
});
