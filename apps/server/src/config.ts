import type { z } from 'zod';
import { clusterConfig } from './cluster/cluster.config';
import { ConfigError } from './config/config-error';
import { interfaceConfig } from './config/interface.config';
import { composeModuleConfigs, type SettingsOf } from './config/module-config';
import { networkConfig } from './config/network.config';
import { loadSecrets } from './config/secrets';
import { serverConfig } from './config/server.config';
import { alertRulesConfig } from './modules/alert-rules/alert-rules.config';
import { authConfig } from './modules/auth/auth.config';
import { executionsConfig } from './modules/executions/executions.config';
import { flowsConfig } from './modules/flows/flows.config';
import { formsConfig } from './modules/forms/forms.config';
import { logsConfig } from './modules/logs/logs.config';
import { logStreamConfig } from './modules/log-stream/log-stream.config';
import { auditConfig } from './modules/audit/audit.config';
import { metricsConfig } from './modules/metrics/metrics.config';
import { tracingConfig } from './adapters/tracing/tracing.config';
import { queuesConfig } from './modules/queues/queues.config';
import { oauth2Config } from './modules/service-accounts/oauth2/oauth2.config';
import { serviceAccountsConfig } from './modules/service-accounts/service-accounts.config';
import { storageConfig } from './modules/storage/storage.config';
import { triggersConfig } from './modules/triggers/triggers.config';

export { ConfigError };

/**
 * Every module's config, in the README table's order: the variables are listed, parsed and
 * read in this order, so a new module's variables are one line here and rows in the README.
 */
/** Every module's variables, in the README table's order. */
export const moduleConfigs = [
  serverConfig,
  authConfig,
  logsConfig,
  auditConfig,
  executionsConfig,
  triggersConfig,
  flowsConfig,
  networkConfig,
  metricsConfig,
  tracingConfig,
  logStreamConfig,
  interfaceConfig,
  oauth2Config,
  serviceAccountsConfig,
  storageConfig,
  queuesConfig,
  clusterConfig,
  formsConfig,
  alertRulesConfig,
] as const;

const composed = composeModuleConfigs(moduleConfigs);

/** Every environment variable the server reads; the README table is checked against it. */
export const configVariables = composed.variables;

/** The settings the environment gives, before the encryption key is loaded. */
export type EnvConfig = SettingsOf<typeof moduleConfigs>;

export type AppConfig = Omit<EnvConfig, 'encryptionKey'> & {
  /** The `jwt_secret` of an older `secrets.json`: seeds the database's on the first start. */
  jwtSecretSeed: string | null;
  encryptionKey: Buffer;
};

type Env = Record<string, string | undefined>;

function describeIssue(env: Env, issue: z.core.$ZodIssue): string {
  const name = String(issue.path[0] ?? '');
  const received = env[name];
  // The collector's headers carry its key; its address may carry a user and password.
  const secret = /PASSWORD|SECRET|KEY|TOKEN|SMTP_URL|OTEL_EXPORTER_OTLP/.test(name);
  const value = received === undefined || secret ? '' : ` (valor recebido: "${received}")`;
  return `A variável de ambiente ${name} é inválida: ${issue.message}${value}.`;
}

/** Reads the environment without touching the disk. Empty values count as unset. */
export function parseEnv(env: Env, cwd: string = process.cwd()): EnvConfig {
  const present = Object.fromEntries(
    configVariables
      .map(({ name }) => [name, env[name]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = composed.envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => describeIssue(env, issue)).join('\n'));
  }
  return composed.read(result.data, cwd);
}

/**
 * Parses the environment once and fills the encryption key, when not given, from
 * `PONTE_DATA_DIR/secrets.json` (generated on the first start); the JWT secret, when not given,
 * is read from the database at start (docs/adr/0068). Throws ConfigError.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const parsed = parseEnv(env, cwd);
  const secrets = loadSecrets(parsed.dataDir, {
    jwtSecret: parsed.jwtSecret,
    encryptionKey: parsed.encryptionKey,
  });
  return { ...parsed, ...secrets };
}
