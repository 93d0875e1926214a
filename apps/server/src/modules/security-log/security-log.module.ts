import { defineModule, roles } from '../../container/server-module';
import type { SecurityHooks } from '../../lib/security-hooks';
import { createLogRetention } from '../logs/log-retention';
import { securityLogHooks } from './security-log-hooks';
import { securityLogRoutes } from './security-log.routes';
import { createSecurityLog, type SecurityLog } from './security-log.service';
import { securityLogAccess } from './security-log.access';

declare module '../../container/provided' {
  interface Provided {
    securityLog: SecurityLog;
    /** Throttled requests and sandbox kills, recorded here and told to the caller's hooks. */
    securityHooks: SecurityHooks;
  }
}

export interface SecurityLogOptions {
  /** Throttled requests and sandbox kills, for the security log (docs/adr/0020). */
  security?: SecurityHooks;
  /** Days of logs kept (PONTE_LOG_RETENTION_DAYS, default 30). */
  logRetentionDays?: number;
}

/** The workspaces' security log (docs/adr/0021), its hooks and its retention. */
export const securityLogModule = defineModule({
  name: 'security-log',
  access: securityLogAccess,
  needs: ['db', 'now', 'log'],
  provides: ['securityLog', 'securityHooks'],
  tables: ['security_events'],
  create({ db, now, log }, options: SecurityLogOptions) {
    const securityLog = createSecurityLog({
      db,
      now,
      onError: (error) => log.error({ err: error }, 'falha no registro de segurança'),
    });
    return { securityLog, securityHooks: securityLogHooks(securityLog.record, options.security) };
  },
  routes: {
    account: (account, { securityLog }) =>
      account.register(securityLogRoutes, { service: securityLog }),
  },
  tasks: ({ db, now, log, securityLog }, options) => {
    // Events older than PONTE_LOG_RETENTION_DAYS, every hour.
    const retention = createLogRetention({
      db,
      days: options.logRetentionDays ?? 30,
      now,
      onError: (error) => log.error({ err: error }, 'falha ao apagar eventos de segurança antigos'),
      onRemoved: (count) => log.info({ count }, 'eventos de segurança antigos apagados'),
      deleteOlderThan: securityLog.deleteOlderThan,
    });
    return [{ name: 'retenção do registro de segurança', runsOn: roles.work, ...retention }];
  },
  stop: ({ securityLog }) => securityLog.flush(),
});
