import { alertRulesConfig } from './alert-rules.config';
import type { InstanceSmtp } from './alert-rules.config';
import { defineModule, roles, runsWork } from '../../container/server-module';
import { createWorkerPresence } from '../executions/execution-waiting';
import { createLogRetention } from '../logs/log-retention';
import { deleteAlertHistoryOlderThan } from './alert-retention';
import { createAlerts, type Alerts } from './alerts';
import { registerAlertRules } from './register-alert-rules';
import { alertRulesAccess } from './alert-rules.access';

declare module '../../container/provided' {
  interface Provided {
    /** The watch the log writer asks about each batch, and the delivery of notifications. */
    alerts: Alerts;
  }
}

export interface AlertRulesOptions {
  /**
   * Alert delivery (ADR 0052): PONTE_SMTP_URL/_FROM (default none), PORT for the links' base
   * without PONTE_PUBLIC_URL (default 3000), the dispatcher's interval (default 2 s).
   */
  alerts?: { smtp?: InstanceSmtp | null; port?: number; dispatchIntervalMs?: number };
  /** Days of logs kept (PONTE_LOG_RETENTION_DAYS, default 30): sent firings too. */
  logRetentionDays?: number;
}

/**
 * The alert rules (docs/adr/0050–0053, 0112): their routes; the watch over the log lines, the
 * dead-man evaluator and the dispatcher in every process (an API process must still tell that
 * no worker is alive); the history's retention where work runs (docs/adr/0066). Links in
 * notifications start at PONTE_PUBLIC_URL, else http://localhost:<PORT>.
 */
export const alertRulesModule = defineModule({
  name: 'alert-rules',
  access: alertRulesAccess,
  needs: [
    'db',
    'now',
    'log',
    'cluster',
    'outboundHttp',
    'network',
    'serviceAccounts',
    'messageDriver',
    'publicUrl',
    'versions',
  ],
  provides: ['alerts'],
  config: [alertRulesConfig],
  tables: ['alert_rules', 'alert_firings', 'alert_incidents'],
  create(parts, options: AlertRulesOptions) {
    const { db, log, cluster } = parts;
    return {
      alerts: createAlerts(db, log, {
        now: parts.now,
        http: parts.outboundHttp,
        network: parts.network,
        accounts: parts.serviceAccounts,
        queues: parts.messageDriver,
        // A process that runs executions is a live worker itself; an API process asks the leases.
        workersAlive: createWorkerPresence(db, cluster, runsWork(cluster.role)),
        smtp: options.alerts?.smtp ?? null,
        baseUrl: parts.publicUrl ?? `http://localhost:${options.alerts?.port ?? 3000}`,
        ...(options.alerts?.dispatchIntervalMs
          ? { intervalMs: options.alerts.dispatchIntervalMs }
          : {}),
      }),
    };
  },
  routes: {
    api: (api, { db, now, log, alerts, network, versions }, options) =>
      registerAlertRules(api, {
        db,
        now,
        log,
        versions,
        onChange: alerts.rulesChanged,
        network,
        instanceSmtp: Boolean(options.alerts?.smtp),
      }),
  },
  tasks: ({ alerts, db, now, log }, options) => [
    { name: 'observação dos logs', runsOn: roles.every, ...alerts.watch },
    // Every role: with no worker alive, an API process is the one left to raise and send the
    // alert. Incidents are unique per rule and firings are claimed with `skip locked`, so any
    // number of processes raise and send each one once (docs/adr/0112).
    {
      name: 'regras sem sucesso, filas paradas e execuções sem worker',
      runsOn: roles.every,
      ...alerts.deadMan,
    },
    { name: 'envio dos alertas', runsOn: roles.every, ...alerts.dispatcher },
    {
      // The sent firings and resolved incidents are kept as long as the logs.
      name: 'retenção dos disparos de alerta',
      runsOn: roles.work,
      ...createLogRetention({
        db,
        days: options.logRetentionDays ?? 30,
        now,
        onError: (error) => log.error({ err: error }, 'falha ao apagar disparos de alerta antigos'),
        deleteOlderThan: (cutoff) => deleteAlertHistoryOlderThan(db, cutoff),
      }),
    },
  ],
});
