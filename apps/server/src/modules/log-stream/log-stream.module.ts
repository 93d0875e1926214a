import { defineModule } from '../../container/server-module';
import { createLogStream, type LogStream, type LogStreamDeps } from './log-stream';
import { logStreamConfig, type LogStreamSettings } from './log-stream.config';

declare module '../../container/provided' {
  interface Provided {
    /** The log streaming's destinations (docs/adr/0132); null when none is set. */
    logStream: LogStream | null;
  }
}

export interface LogStreamOptions {
  /** PONTE_LOG_STREAM_*: the destinations and their buffer (default: none). */
  logStream?: LogStreamSettings;
  /** Tests: the first wait after a failed try, and the senders. */
  logStreamTesting?: Pick<LogStreamDeps, 'minRetryMs' | 'maxRetryMs' | 'senderOf'>;
}

const none: LogStreamSettings = {
  destinations: [],
  bufferSize: 10_000,
  batchSize: 100,
  intervalMs: 1_000,
};

/**
 * Log streaming (docs/adr/0132): every process sends the execution lines, execution ends and
 * security events it produces to the instance's destinations; it stops after the modules that
 * feed it, sending what waits for a bounded time.
 */
export const logStreamModule = defineModule({
  name: 'log-stream',
  needs: ['now', 'log', 'metrics'],
  provides: ['logStream'],
  config: [logStreamConfig],
  create({ now, log, metrics }, options: LogStreamOptions) {
    const logStream = createLogStream(options.logStream ?? none, {
      now,
      warn: (details, message) => log.warn(details, message),
      metrics,
      ...options.logStreamTesting,
    });
    return { logStream };
  },
  stop: ({ logStream }) => logStream?.close(),
});
