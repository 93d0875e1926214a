import { defineModule, roles } from '../../container/server-module';
import type { SecurityHooks } from '../../lib/security-hooks';
import { createLogRetention } from '../logs/log-retention';
import { auditAccess } from './audit.access';
import { auditConfig } from './audit.config';
import { auditRoutes } from './audit.routes';
import { createAudit, type Audit } from './audit.service';
import { securityLogHooks } from './security-log-hooks';
import { securityLogRoutes } from './security-log.routes';
import { createSecurityLog, type SecurityLog } from './security-log.service';

declare module '../../container/provided' {
  interface Provided {
    /** Changes made through the API, recorded by the routes' trail (docs/adr/0107). */
    audit: Audit;
    securityLog: SecurityLog;
    /** Throttled requests and sandbox kills, recorded here and told to the caller's hooks. */
    securityHooks: SecurityHooks;
  }
}

export interface AuditOptions {
  /** Throttled requests and sandbox kills, for the security log (docs/adr/0020). */
  security?: SecurityHooks;
  /** Days the audit log is kept (PONTE_AUDIT_RETENTION_DAYS, default 365). */
  auditRetentionDays?: number;
}

/**
 * The workspaces' audit log (docs/adr/0107) with the security log folded in (docs/adr/0021):
 * the changes, the security events and hooks, and their retention.
 */
export const auditModule = defineModule({
  name: 'audit',
  access: auditAccess,
  config: [auditConfig],
  needs: ['db', 'now', 'log', 'logStream'],
  provides: ['audit', 'securityLog', 'securityHooks'],
  tables: ['audit_events'],
  create({ db, now, log, logStream }, options: AuditOptions) {
    const securityLog = createSecurityLog({
      db,
      now,
      onError: (error) => log.error({ err: error }, 'falha no registro de segurança'),
      ...(logStream ? { onRecorded: logStream.security } : {}),
    });
    return {
      audit: createAudit({ db, now }),
      securityLog,
      securityHooks: securityLogHooks(securityLog.record, options.security),
    };
  },
  routes: {
    api: (api, { audit, now }) => api.register(auditRoutes, { service: audit, now }),
    account: (account, { securityLog }) =>
      account.register(securityLogRoutes, { service: securityLog }),
  },
  tasks: ({ db, now, log, audit }, options) => {
    // Events older than PONTE_AUDIT_RETENTION_DAYS, every hour.
    const retention = createLogRetention({
      db,
      days: options.auditRetentionDays ?? 365,
      now,
      onError: (error) => log.error({ err: error }, 'falha ao apagar eventos de auditoria antigos'),
      onRemoved: (count) => log.info({ count }, 'eventos de auditoria antigos apagados'),
      deleteOlderThan: audit.deleteOlderThan,
    });
    return [{ name: 'retenção do registro de auditoria', runsOn: roles.work, ...retention }];
  },
  stop: ({ securityLog }) => securityLog.flush(),
});
