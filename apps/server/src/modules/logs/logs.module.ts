import { logsConfig } from './logs.config';
import { messages } from '@ponte/shared/messages';
import { defineModule } from '../../container/server-module';
import { createLogWriter, type LogWriter } from './log-writer';
import type { LogStream } from '../log-stream/log-stream';
import { createLogsService } from './logs.service';
import { monitoringRoutes } from './monitoring.routes';
import { logsAccess } from './logs.access';

declare module '../../container/provided' {
  interface Provided {
    /** Execution logs, written in batches; each batch is matched against the alert rules. */
    logWriter: LogWriter;
  }
}

export interface LogsOptions {
  /** Days of logs kept (PONTE_LOG_RETENTION_DAYS, default 30): the retention module removes the older (docs/adr/0123). */
  logRetentionDays?: number;
}

/**
 * Every line also goes to the log streaming (docs/adr/0132), once: a line written again with
 * `watch: false` (kept at its execution's end, docs/adr/0060) was streamed when it happened.
 */
function streamedLogWriter(writer: LogWriter, stream: LogStream): LogWriter {
  return {
    ...writer,
    write(entry, options) {
      if (options?.watch !== false) stream.executionLog(entry);
      writer.write(entry, options);
    },
  };
}

/**
 * The monitoring logs: the writer of the executions' lines (and of the internal queues'
 * restores) and the searches of the monitoring pages. Their retention is the retention module's
 * (docs/adr/0123).
 */
export const logsModule = defineModule({
  name: 'logs',
  access: logsAccess,
  needs: [
    'db',
    'now',
    'log',
    'app',
    'alerts',
    'metrics',
    'securityLog',
    'queueLedger',
    'logStream',
  ],
  provides: ['logWriter'],
  config: [logsConfig],
  tables: ['logs'],
  create({ db, log, alerts, metrics, queueLedger, logStream }, _options: LogsOptions) {
    const writer = createLogWriter(db, {
      watch: alerts.watch,
      onError: (error, dropped) =>
        log.error({ err: error, dropped }, 'falha ao gravar logs; linhas descartadas'),
      ...(metrics ? { onWritten: (rows: number) => metrics.countLogRows(rows) } : {}),
    });
    const logWriter = logStream ? streamedLogWriter(writer, logStream) : writer;
    // Messages Redis had lost and the ledger published again: a warning in the server's log
    // and a line in the workspace's monitoring log, on the queue's consumer flow when it has one.
    queueLedger.onRestored((report) => {
      log.warn(
        { queueId: report.queueId, workspaceId: report.workspaceId, restored: report.restored },
        'mensagens reenfileiradas: o Redis tinha perdido os dados das filas internas',
      );
      logWriter.write({
        workspaceId: report.workspaceId,
        flowId: report.consumerFlowId ?? '',
        executionId: '',
        type: 'internal',
        label: 'Fila interna',
        message: messages.queues.restoredLog(report.queueName, report.restored),
        createdAt: report.at,
      });
    });
    return { logWriter };
  },
  routes: {
    // The searches wait for the requests that already arrived.
    api: (api, { db, now, app, securityLog }) =>
      api.register(monitoringRoutes, {
        service: createLogsService({
          db,
          now,
          security: securityLog.record,
          arrivals: () => app.sessionsResolving(),
        }),
      }),
  },
});
