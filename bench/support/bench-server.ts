// The server of apps/server/src/main.ts with the embedded database the comparison of
// docs/adr/0056 asks for (PONTE_BENCH_DATABASE): `pglite` (PGlite on the main thread, as
// before) or `pglite-worker` (option (a): PGlite in a worker thread); otherwise the server's
// own choice (DATABASE_URL or its default). For the benches only; bundled by
// bench/support/bench-servers.mjs and started with the Node flags of `npm start`.
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { ConfigError, loadConfig, parseEnv, type AppConfig } from '../../apps/server/src/config.ts';
import {
  DatabaseUnreachableError,
  openDatabase,
  openPglite,
  type DatabaseHandle,
} from '../../apps/server/src/db/client.ts';
import { openPgliteWorker } from './pglite-worker-handle.ts';
import { DataDirInUseError } from '../../apps/server/src/db/data-dir-lock.ts';
import type { EmbeddedPostgresEvent } from '../../apps/server/src/db/embedded-postgres.ts';
import { EmbeddedDatabaseError } from '../../apps/server/src/db/embedded-postgres-host.ts';
import { probePort } from '../../apps/server/src/lib/port-free.ts';
import { loggerOptions } from '../../apps/server/src/logger.ts';
import { EncryptionKeyMismatchError } from '../../apps/server/src/modules/service-accounts/encryption-check.ts';
import { createS3StorageDriver } from '../../apps/server/src/modules/storage/s3-driver.ts';
import { storageOptionsFromConfig } from '../../apps/server/src/modules/storage/storage-from-config.ts';
import { messageDriverFromConfig } from '../../apps/server/src/modules/queues/drivers/message-driver-from-config.ts';

const shutdownTimeoutMs = 10_000;

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

async function connect(config: AppConfig): Promise<DatabaseHandle> {
  try {
    const folder = join(config.dataDir, 'db');
    if (process.env.PONTE_BENCH_DATABASE === 'pglite') return await openPglite(folder);
    if (process.env.PONTE_BENCH_DATABASE === 'pglite-worker') return await openPgliteWorker(folder);
    return await openDatabase(config, { onEvent: reportEmbedded });
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

/** The app; a PONTE_ENCRYPTION_KEY that cannot open what is stored ends the start here. */
async function build(config: AppConfig, database: DatabaseHandle) {
  try {
    return await buildApp({
      config,
      database,
      logger: loggerOptions(config.logLevel),
      logRetentionDays: config.logRetentionDays,
      executionConcurrency: config.executionConcurrency,
      nodeLimit: config.nodeLimit,
      sandboxIsolates: config.sandboxIsolates,
      flowChainLimit: config.flowChainLimit,
      webhookRateLimit: config.webhookRateLimit,
      httpAllowedNetworks: config.httpAllowedNetworks,
      trustProxy: config.trustProxy,
      publicUrl: config.publicUrl,
      metrics: config.metrics,
      oauthProviders: config.oauthProviders,
      serviceProviders: config.serviceProviders,
      storage: storageOptionsFromConfig(config.storage, config.dataDir, createS3StorageDriver),
      queues: { driver: messageDriverFromConfig(config, database.db) },
      formResultTimeoutMs: config.forms.resultTimeoutMs,
      formUploadRetentionDays: config.forms.uploadRetentionDays,
      alerts: { smtp: config.alerts.smtp, port: config.port },
    });
  } catch (error) {
    if (error instanceof EncryptionKeyMismatchError || error instanceof ConfigError) {
      await database.close().catch(() => undefined);
      fail(error.message);
    }
    throw error;
  }
}

async function main() {
  const config = await readConfig();
  const database = await connect(config);
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
    }, shutdownTimeoutMs);
    force.unref();
    try {
      await app.close();
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

await main();
