import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { loggerOptions } from './logger';

const shutdownTimeoutMs = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function connect(config: AppConfig): Promise<DatabaseHandle> {
  try {
    return await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message);
    const reason = error instanceof Error ? error.message : String(error);
    fail(
      config.databaseUrl
        ? `Não foi possível abrir o PostgreSQL de DATABASE_URL: ${reason}`
        : `Não foi possível abrir o banco embutido em ${config.dataDir}: ${reason}`,
    );
  }
}

async function main() {
  const config = readConfig();
  const database = await connect(config);
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.logLevel),
    uploadsDir: join(config.dataDir, 'uploads'),
    logRetentionDays: config.logRetentionDays,
    executionConcurrency: config.executionConcurrency,
    nodeLimit: config.nodeLimit,
    httpAllowedNetworks: config.httpAllowedNetworks,
  });

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
