import { buildApp } from './app';
import { ConfigError, loadConfig, parseEnv, type AppConfig } from './config';
import { DatabaseUnreachableError, openDatabase, type DatabaseHandle } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import type { EmbeddedPostgresEvent } from './db/embedded-postgres';
import { EmbeddedDatabaseError } from './db/embedded-postgres-host';
import { probePort } from './lib/port-free';
import { loggerOptions } from './logger';
import { EncryptionKeyMismatchError } from './modules/service-accounts/encryption-check';
import { createS3StorageDriver } from './modules/storage/s3-driver';
import { storageOptionsFromConfig } from './modules/storage/storage-from-config';
import { messageDriverFromConfig } from './modules/queues/drivers/message-driver-from-config';
import type { ClusterOptions } from './cluster/cluster';
import { createLocalBus } from './cluster/cluster-bus';
import { createRedisBus } from './cluster/redis-bus';
import {
  acquireProcessGuard,
  DatabaseSharedError,
  type ProcessGuard,
} from './cluster/single-process-guard';

/** The role and the bus of this process (docs/adr/0063): Redis pub/sub when distributed. */
function clusterOf(config: AppConfig): ClusterOptions {
  const { role, redisPrefix, leaseMs, distributed } = config.cluster;
  const onError = (error: unknown, channel: string) =>
    log('error', { err: error, channel }, 'falha numa mensagem entre processos');
  if (!distributed || !config.redisUrl)
    return { role, leaseMs, bus: createLocalBus({ onError }), redis: null };
  const redis = { url: config.redisUrl, prefix: redisPrefix };
  return { role, leaseMs, bus: createRedisBus({ ...redis, onError }), redis };
}

/** Past the executions' grace (PONTE_SHUTDOWN_GRACE_SECONDS), the rest of the shutdown's time. */
const shutdownMarginMs = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readConfig(): Promise<AppConfig> {
  try {
    // The port is checked before loadConfig, which creates PONTE_DATA_DIR (secrets.json).
    const { port, host } = parseEnv(process.env);
    const busy = await probePort(port, host);
    if (busy) {
      fail(
        busy === 'EADDRINUSE'
          ? `A porta ${port} (PORT) já está em uso em ${host}. Encerre o outro programa ou escolha outra porta com PORT.`
          : `Não foi possível escutar em ${host}:${port} (HOST/PORT): ${busy}`,
      );
    }
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

type Log = (level: 'info' | 'warn' | 'error', details: object, message: string) => void;

/** Until the app's logger exists, the embedded database's reports go to stderr. */
let log: Log = (level, details, message) =>
  console.error(JSON.stringify({ level, ...details, msg: message }));

/** What the embedded PostgreSQL's supervisor reports (docs/adr/0057), in the server's log. */
function reportEmbedded(event: EmbeddedPostgresEvent): void {
  if (event.kind === 'exited') {
    const { code, signal } = event;
    log('error', { code, signal }, 'o PostgreSQL embutido parou sozinho; iniciando de novo');
  } else if (event.kind === 'restarted') {
    log('warn', { attempt: event.attempt }, 'PostgreSQL embutido iniciado de novo');
  } else if (event.kind === 'restart-failed') {
    const { attempt, reason } = event;
    log('error', { attempt, reason }, 'o PostgreSQL embutido não voltou; nova tentativa em breve');
  } else {
    log(
      'warn',
      { pid: event.pid },
      'parado o PostgreSQL embutido deixado por um Ponte encerrado à força',
    );
  }
}

/** How the server opens its database (the benches give another embedded database). */
export type OpenDatabase = typeof openDatabase;

async function connect(config: AppConfig, open: OpenDatabase): Promise<DatabaseHandle> {
  try {
    return await open(config, {
      onEvent: reportEmbedded,
      onLegacyMoved: ({ tables, rows, indexes, backup, resumed }) =>
        log(
          'info',
          { tables, rows, indexes, backup, resumed },
          'dados do banco embutido anterior copiados para o novo banco embutido',
        ),
    });
  } catch (error) {
    if (error instanceof DataDirInUseError || error instanceof EmbeddedDatabaseError) {
      fail(error.message);
    }
    if (error instanceof DatabaseUnreachableError) {
      fail(`Não foi possível conectar ao banco de dados: ${error.message}`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    fail(
      config.databaseUrl
        ? `Não foi possível abrir o PostgreSQL de DATABASE_URL: ${reason}`
        : `Não foi possível abrir o banco embutido em ${config.dataDir}: ${reason}`,
    );
  }
}

/**
 * The database's process lock (docs/adr/0065): a second process without Redis, or a process
 * alone among distributed ones (or the other way round), ends the start here.
 */
async function guard(config: AppConfig, database: DatabaseHandle): Promise<ProcessGuard> {
  try {
    return await acquireProcessGuard(database, {
      distributed: config.cluster.distributed,
      onError: (error) => log('error', { err: error }, 'falha na reserva do banco de dados'),
    });
  } catch (error) {
    await database.close().catch(() => undefined);
    if (error instanceof DatabaseSharedError) fail(error.message);
    const reason = error instanceof Error ? error.message : String(error);
    fail(`Não foi possível reservar o banco de dados para este processo: ${reason}`);
  }
}

/** The app; a PONTE_ENCRYPTION_KEY that cannot open what is stored ends the start here. */
async function build(config: AppConfig, database: DatabaseHandle) {
  try {
    return await buildApp({
      config,
      database,
      logger: loggerOptions(config.logLevel),
      logRetentionDays: config.logRetentionDays,
      executionConcurrency: config.executionConcurrency,
      shutdownGraceMs: config.cluster.shutdownGraceMs,
      nodeLimit: config.nodeLimit,
      sandboxIsolates: config.sandboxIsolates,
      flowChainLimit: config.flowChainLimit,
      executionSave: config.executionSave,
      executionData: config.executionData,
      lgpdMask: config.lgpdMask,
      webhookRateLimit: config.webhookRateLimit,
      httpAllowedNetworks: config.httpAllowedNetworks,
      trustProxy: config.trustProxy,
      publicUrl: config.publicUrl,
      metrics: config.metrics,
      logStream: config.logStream,
      oauthProviders: config.oauthProviders,
      serviceProviders: config.serviceProviders,
      storage: storageOptionsFromConfig(config.storage, config.dataDir, createS3StorageDriver),
      queues: { driver: messageDriverFromConfig(config, database.db) },
      formResultTimeoutMs: config.forms.resultTimeoutMs,
      formUploadRetentionDays: config.forms.uploadRetentionDays,
      alerts: { smtp: config.alerts.smtp, port: config.port },
      cluster: clusterOf(config),
    });
  } catch (error) {
    if (error instanceof EncryptionKeyMismatchError || error instanceof ConfigError) {
      await database.close().catch(() => undefined);
      fail(error.message);
    }
    throw error;
  }
}

/** The server as `npm start` runs it (main.ts), until SIGTERM or SIGINT. */
export async function runServer(open: OpenDatabase = openDatabase): Promise<void> {
  const config = await readConfig();
  const database = await connect(config, open);
  const processGuard = await guard(config, database);
  const app = await build(config, database);
  log = (level, details, message) => app.log[level](details, message);
  // Background work starts here: a queue driver that refuses its store (Redis with another
  // eviction policy) stops the start with its own message.
  try {
    await app.ready();
  } catch (error) {
    await database.close().catch(() => undefined);
    fail(error instanceof Error ? error.message : String(error));
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'encerrando');
    const force = setTimeout(() => {
      app.log.error('o encerramento demorou demais; saindo');
      process.exit(1);
    }, config.cluster.shutdownGraceMs + shutdownMarginMs);
    force.unref();
    try {
      await app.close();
      await processGuard.release();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'falha ao encerrar');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    fail(`Não foi possível escutar em ${config.host}:${config.port} (HOST/PORT): ${reason}`);
  }
  app.log.info(
    { driver: database.driver, dataDir: config.dataDir, webDist: config.webDist },
    'Ponte pronto',
  );
}
