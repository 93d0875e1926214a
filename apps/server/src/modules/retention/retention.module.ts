import { defineModule, roles } from '../../container/server-module';
import { createRetentionLeases } from './retention-lease';
import { createRetentionPass } from './retention-pass';
import { retentionAccess } from './retention.access';
import { createRetentionRepository } from './retention.repository';
import { retentionRoutes } from './retention.routes';
import { createRetentionService } from './retention.service';

export interface RetentionOptions {
  /** PONTE_LOG_RETENTION_DAYS (read by the logs module's config; default 30). */
  logRetentionDays?: number;
}

/**
 * Retention per flow and per area (docs/adr/0123): the hourly pass over the logs and execution
 * data (the instance's days, or a flow's own) and over the workspaces' rules (table records,
 * finished queue messages, Storage files), the record of every deletion, and /lgpd's API.
 */
export const retentionModule = defineModule({
  name: 'retention',
  access: retentionAccess,
  needs: ['db', 'now', 'log', 'messageDriver', 'storage'],
  provides: [],
  tables: ['retention_rules', 'retention_runs', 'retention_leases'],
  create: (_parts, _options: RetentionOptions) => ({}),
  routes: {
    api: (api, { db, now, messageDriver, storage }, options: RetentionOptions) =>
      api.register(retentionRoutes, {
        service: createRetentionService({
          db,
          now,
          messageDriver,
          storage,
          repository: createRetentionRepository(db),
          leases: createRetentionLeases(db),
          instanceDays: options.logRetentionDays ?? 30,
        }),
      }),
  },
  tasks: ({ db, now, log, messageDriver, storage }, options) => [
    {
      name: 'retenção dos logs, dos dados das execuções e das regras de retenção',
      runsOn: roles.work,
      ...createRetentionPass({
        db,
        now,
        messageDriver,
        storage,
        repository: createRetentionRepository(db),
        leases: createRetentionLeases(db),
        instanceDays: options.logRetentionDays ?? 30,
        onError: (error) => log.error({ err: error }, 'falha ao apagar dados pela retenção'),
      }),
    },
  ],
});
