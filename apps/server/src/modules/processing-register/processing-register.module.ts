import { defineModule } from '../../container/server-module';
import { processingRegisterAccess } from './processing-register.access';
import { processingRegisterRoutes } from './processing-register.routes';
import { createProcessingRegisterService } from './processing-register.service';

export interface ProcessingRegisterOptions {
  /** PONTE_LOG_RETENTION_DAYS (default 30): the retention of flows without their own. */
  logRetentionDays?: number;
  /**
   * PONTE_LGPD_MASK: whether the instance masks personal data by default. Absent: the
   * register says 'Padrão da instância' without saying which.
   */
  lgpdMask?: boolean;
}

/**
 * The register of processing operations (ROPA, docs/adr/0125): each flow's entry, kept in its
 * `config.lgpd`, listed for the workspace's owner and admins and exported as CSV and PDF.
 * Reads `flows`, `groups`, `workspaces` and `users`; owns no table and writes nothing.
 */
export const processingRegisterModule = defineModule({
  name: 'processing-register',
  access: processingRegisterAccess,
  needs: ['db', 'now'],
  provides: [],
  create: (_needs, _options: ProcessingRegisterOptions) => ({}),
  routes: {
    api: (api, { db, now }, options) =>
      api.register(processingRegisterRoutes, {
        now,
        service: createProcessingRegisterService({
          db,
          now,
          instance: {
            retentionDays: options.logRetentionDays ?? 30,
            mask: options.lgpdMask ?? null,
          },
        }),
      }),
  },
});
