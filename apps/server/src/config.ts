import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '@ponte/shared/account.schema';
import { executionSaveLevels, type ExecutionSaveLevel } from '@ponte/shared/flows.schema';
import { ConfigError } from './config-error';
import { loadSecrets, parseEncryptionKey } from './config-secrets';
import { parseAllowedNetworks } from './adapters/outbound-http/network-guard';
import {
  oauthConfigVariables,
  oauthEnvShape,
  oauthProvidersOf,
  type OAuthProvidersConfig,
} from './config-oauth';
import {
  providerConfigVariables,
  providerEnvShape,
  serviceProvidersOf,
  type ServiceProvidersConfig,
} from './config-providers';
import {
  storageConfigOf,
  storageConfigVariables,
  storageEnvShape,
  type StorageConfig,
} from './config-storage';
import { queueConfigVariables, queueEnvShape, redisUrlOf } from './config-queues';
import {
  clusterConfigOf,
  clusterConfigVariables,
  clusterEnvShape,
  type ClusterConfig,
} from './config-cluster';
import { formConfigOf, formConfigVariables, formEnvShape } from './config-forms';
import {
  alertConfigOf,
  alertConfigVariables,
  alertEnvShape,
  type InstanceSmtp,
} from './config-alerts';

export { ConfigError };
import { defaultWebDist } from './package-root';

export interface ConfigVariable {
  name: string;
  default: string | null;
  description: string;
}

/** Every environment variable the server reads; the README table is checked against it. */
export const configVariables: readonly ConfigVariable[] = [
  { name: 'PORT', default: '3000', description: 'Porta HTTP do servidor.' },
  { name: 'HOST', default: '127.0.0.1', description: 'Endereço em que o servidor escuta.' },
  {
    name: 'PONTE_DATA_DIR',
    default: './data',
    description: 'Diretório de dados (banco embutido, segredos gerados, arquivos).',
  },
  {
    name: 'DATABASE_URL',
    default: null,
    description:
      'PostgreSQL externo (postgres://…). Sem ela, o Ponte inicia o seu próprio PostgreSQL em PONTE_DATA_DIR/postgres.',
  },
  {
    name: 'PONTE_EMBEDDED_DB_USER',
    default: 'ponte',
    description:
      'Só quando o Ponte roda como root: o usuário de sistema que roda o PostgreSQL embutido (criado se não existir).',
  },
  {
    name: 'PONTE_JWT_SECRET',
    default: null,
    description:
      'Segredo das sessões (mínimo 32 caracteres; o mesmo em todos os processos). Sem ela, é gerado uma vez e guardado no banco de dados.',
  },
  {
    name: 'PONTE_ENCRYPTION_KEY',
    default: null,
    description:
      'Chave AES-256 (32 bytes em base64 ou 64 caracteres hexadecimais). Sem ela, é gerada uma vez em PONTE_DATA_DIR/secrets.json; com vários processos, informe a mesma em todos.',
  },
  {
    name: 'PONTE_ADMIN_EMAIL',
    default: null,
    description: 'E-mail do primeiro usuário, criado na partida se ainda não houver nenhum.',
  },
  {
    name: 'PONTE_ADMIN_PASSWORD',
    default: null,
    description: 'Senha do primeiro usuário (junto com PONTE_ADMIN_EMAIL).',
  },
  {
    name: 'PONTE_LOG_RETENTION_DAYS',
    default: '30',
    description: 'Dias que os logs das execuções são guardados; os mais antigos são apagados.',
  },
  {
    name: 'PONTE_EXECUTION_CONCURRENCY',
    default: '200',
    description:
      'Execuções que este processo roda ao mesmo tempo; as demais esperam na fila, sem se perder.',
  },
  {
    name: 'PONTE_EXECUTION_SAVE',
    default: 'all',
    description:
      'O que fica guardado de cada execução nos flows que seguem o padrão da instância: all (tudo), errors (logs do usuário e, das execuções que falham, tudo) ou none (só a execução).',
  },
  {
    name: 'PONTE_SANDBOX_ISOLATES',
    default: '2',
    description:
      'Isolates que rodam o código dos conectores Código ao mesmo tempo; um workspace usa no máximo a metade (mínimo 1).',
  },
  {
    name: 'PONTE_FLOW_CHAIN_LIMIT',
    default: '5',
    description:
      'Vezes seguidas que um flow pode acionar outro (ou a si mesmo) pelo webhook ou pelo conector de chamar flow; além disso, a execução é recusada.',
  },
  {
    name: 'PONTE_WEBHOOK_RATE_LIMIT_ADDRESS',
    default: '300',
    description: 'Chamadas de webhook por minuto de um mesmo endereço IP (0: sem limite).',
  },
  {
    name: 'PONTE_WEBHOOK_RATE_LIMIT_FLOW',
    default: '600',
    description: 'Chamadas por minuto ao webhook de um mesmo flow (0: sem limite).',
  },
  {
    name: 'PONTE_NODE_LIMIT',
    default: null,
    description:
      'Limite de conectores Action/Trigger por flow para todos os clientes desta instalação (sem ela: o de cada cliente, 50 por padrão).',
  },
  {
    name: 'PONTE_HTTP_ALLOWED_NETWORKS',
    default: null,
    description:
      'Redes internas (CIDRs separados por vírgula) que as requisições HTTP dos flows podem acessar; sem ela, loopback, redes privadas e link-local ficam bloqueados.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'Nível dos logs: fatal, error, warn, info, debug, trace ou silent.',
  },
  {
    name: 'PONTE_DOCS_URL',
    default: null,
    description: 'Link de documentação exibido no cabeçalho.',
  },
  {
    name: 'PONTE_SUPPORT_URL',
    default: null,
    description: 'Link de suporte exibido no cabeçalho.',
  },
  {
    name: 'PONTE_PUBLIC_URL',
    default: null,
    description:
      'Endereço público do Ponte (https://…), usado nas URLs de webhook e no endpoint do motor. Sem ela, vem de cada requisição.',
  },
  {
    name: 'PONTE_TRUST_PROXY',
    default: null,
    description:
      'Proxies reversos confiáveis: true, o número de saltos ou uma lista de IPs/CIDRs separada por vírgulas.',
  },
  {
    name: 'PONTE_METRICS',
    default: 'false',
    description: 'true abre GET /metrics (formato Prometheus) sem autenticação.',
  },
  {
    name: 'PONTE_METRICS_TOKEN',
    default: null,
    description: 'Abre GET /metrics só com o cabeçalho Authorization: Bearer <token>.',
  },
  {
    name: 'PONTE_WEB_DIST',
    default: 'apps/web/dist',
    description: 'Pasta com a interface web construída (npm run build).',
  },
  ...oauthConfigVariables,
  ...providerConfigVariables,
  ...storageConfigVariables,
  ...queueConfigVariables,
  ...clusterConfigVariables,
  ...formConfigVariables,
  ...alertConfigVariables,
];

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** As root: the system user that runs the embedded PostgreSQL (null: `ponte`). */
  embeddedDbUser: string | null;
  /** PONTE_JWT_SECRET; null: the one kept in the database (docs/adr/0068). */
  jwtSecret: string | null;
  /** The `jwt_secret` of an older `secrets.json`: seeds the database's on the first start. */
  jwtSecretSeed: string | null;
  encryptionKey: Buffer;
  admin: { email: string; password: string } | null;
  logLevel: LogLevel;
  logRetentionDays: number;
  executionConcurrency: number;
  /** PONTE_EXECUTION_SAVE: what is kept of each execution of a flow that follows it. */
  executionSave: ExecutionSaveLevel;
  nodeLimit: number | null;
  /** PONTE_SANDBOX_ISOLATES: isolates of the code sandbox (one workspace uses half). */
  sandboxIsolates: number;
  /** PONTE_FLOW_CHAIN_LIMIT: executions a chain of flows may start one after another. */
  flowChainLimit: number;
  /** PONTE_WEBHOOK_RATE_LIMIT_*: webhook calls per minute (0: no limit). */
  webhookRateLimit: WebhookRateLimit;
  /** PONTE_HTTP_ALLOWED_NETWORKS: CIDRs the network guard lets flows reach. */
  httpAllowedNetworks: string[];
  docsUrl: string | null;
  supportUrl: string | null;
  webDist: string;
  publicUrl: string | null;
  trustProxy: TrustProxy;
  metrics: MetricsAccess;
  /** PONTE_OAUTH_* / PONTE_*_API_URL: the OAuth2 providers of the service accounts. */
  oauthProviders: OAuthProvidersConfig;
  /** PONTE_AWS_STS_URL, PONTE_OMIE_URL, PONTE_SANKHYA_URL: the key-based providers. */
  serviceProviders: ServiceProvidersConfig;
  /** PONTE_STORAGE_* / PONTE_S3_*: where the workspaces' files live (ADR 0030). */
  storage: StorageConfig;
  /** REDIS_URL: the internal queues on Redis (docs/adr/0034); null: in the database. */
  redisUrl: string | null;
  /** PONTE_ROLE, PONTE_REDIS_PREFIX, PONTE_LEASE_SECONDS (docs/adr/0063). */
  cluster: ClusterConfig;
  /** PONTE_FORM_*: the form result's time limit and how long form uploads are kept. */
  forms: { resultTimeoutMs: number; uploadRetentionDays: number };
  /** PONTE_SMTP_URL / PONTE_SMTP_FROM: the instance SMTP of the alerts (docs/adr/0052). */
  alerts: { smtp: InstanceSmtp | null };
}

/** Webhook calls per minute per client address and per flow; 0 turns a limit off. */
export interface WebhookRateLimit {
  perAddress: number;
  perFlow: number;
}

/** Fastify's `trustProxy`: off, every hop, a hop count or the addresses/CIDRs trusted. */
export type TrustProxy = boolean | number | string[];

/** Who may read GET /metrics: nobody (404), anyone, or a bearer of the token. */
export type MetricsAccess = { open: false; token: string | null } | { open: true; token: null };

const httpUrl = z
  .url({ error: 'deve ser um endereço http:// ou https:// válido' })
  .refine((value) => /^https?:\/\//i.test(value), {
    error: 'deve ser um endereço http:// ou https:// válido',
  });

const trustProxySchema = z.string().transform((value, ctx): TrustProxy => {
  const text = value.toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrCidr)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'deve ser true, um número de saltos ou uma lista de IPs/CIDRs separada por vírgulas',
  });
  return z.NEVER;
});

/** A whole number from `min` to `max`, with the range in the message. */
const wholeNumber = (min: number, max: number) => {
  const error = `deve ser um número inteiro de ${min} a ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
};

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, { error: 'deve ser um número inteiro entre 0 e 65535' })
    .transform(Number)
    .refine((n) => n <= 65535, { error: 'deve ser um número inteiro entre 0 e 65535' })
    .default(3000),
  HOST: z.string().default('127.0.0.1'),
  PONTE_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { error: 'deve começar com postgres:// ou postgresql://' })
    .optional(),
  PONTE_EMBEDDED_DB_USER: z
    .string()
    .regex(/^[a-z_][a-z0-9_-]{0,31}$/, { error: 'deve ser um nome de usuário de sistema' })
    .optional(),
  PONTE_JWT_SECRET: z.string().min(32, { error: 'deve ter pelo menos 32 caracteres' }).optional(),
  PONTE_ENCRYPTION_KEY: z
    .string()
    .refine((value) => parseEncryptionKey(value) !== null, {
      error: 'deve ter 32 bytes em base64 ou 64 caracteres hexadecimais',
    })
    .optional(),
  PONTE_ADMIN_EMAIL: emailSchema.optional(),
  PONTE_ADMIN_PASSWORD: passwordSchema.optional(),
  PONTE_LOG_RETENTION_DAYS: z
    .string()
    .regex(/^\d+$/, { error: 'deve ser um número inteiro de dias, de 1 a 36500' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 36_500, {
      error: 'deve ser um número inteiro de dias, de 1 a 36500',
    })
    .default(30),
  PONTE_EXECUTION_CONCURRENCY: z
    .string()
    .regex(/^\d+$/, { error: 'deve ser um número inteiro de 1 a 1000' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1000, { error: 'deve ser um número inteiro de 1 a 1000' })
    .default(200),
  PONTE_EXECUTION_SAVE: z
    .enum(executionSaveLevels, { error: 'deve ser all, errors ou none' })
    .default('all'),
  PONTE_SANDBOX_ISOLATES: wholeNumber(1, 64).default(4),
  PONTE_FLOW_CHAIN_LIMIT: wholeNumber(1, 100).default(5),
  PONTE_WEBHOOK_RATE_LIMIT_ADDRESS: wholeNumber(0, 1_000_000).default(300),
  PONTE_WEBHOOK_RATE_LIMIT_FLOW: wholeNumber(0, 1_000_000).default(600),
  PONTE_NODE_LIMIT: z
    .string()
    .regex(/^\d+$/, { error: 'deve ser um número inteiro de 1 a 100000' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100_000, { error: 'deve ser um número inteiro de 1 a 100000' })
    .optional(),
  PONTE_HTTP_ALLOWED_NETWORKS: z
    .string()
    .transform((value, ctx) => {
      try {
        return parseAllowedNetworks(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  LOG_LEVEL: z
    .enum(logLevels, { error: `deve ser um destes: ${logLevels.join(', ')}` })
    .default('info'),
  PONTE_DOCS_URL: httpUrl.optional(),
  PONTE_SUPPORT_URL: httpUrl.optional(),
  PONTE_WEB_DIST: z.string().optional(),
  PONTE_PUBLIC_URL: httpUrl.optional(),
  PONTE_TRUST_PROXY: trustProxySchema.optional(),
  PONTE_METRICS: z
    .enum(['true', 'false'], { error: 'deve ser true ou false' })
    .transform((value) => value === 'true')
    .optional(),
  PONTE_METRICS_TOKEN: z
    .string()
    .min(16, { error: 'deve ter pelo menos 16 caracteres' })
    .optional(),
  ...oauthEnvShape,
  ...providerEnvShape,
  ...storageEnvShape,
  ...queueEnvShape,
  ...clusterEnvShape,
  ...formEnvShape,
  ...alertEnvShape,
});

type Env = Record<string, string | undefined>;

function isAddressOrCidr(entry: string): boolean {
  return ipaddr.isValid(entry) || isValidCidr(entry);
}

function isValidCidr(entry: string): boolean {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/** A token wins over PONTE_METRICS=true: the route then always asks for it. */
function metricsAccess(open: boolean, token: string | null): MetricsAccess {
  if (token) return { open: false, token };
  return open ? { open: true, token: null } : { open: false, token: null };
}

function describeIssue(env: Env, issue: z.core.$ZodIssue): string {
  const name = String(issue.path[0] ?? '');
  const received = env[name];
  const secret = /PASSWORD|SECRET|KEY|TOKEN|SMTP_URL/.test(name);
  const value = received === undefined || secret ? '' : ` (valor recebido: "${received}")`;
  return `A variável de ambiente ${name} é inválida: ${issue.message}${value}.`;
}

/** Reads the environment without touching the disk. Empty values count as unset. */
export function parseEnv(env: Env, cwd: string = process.cwd()) {
  const present = Object.fromEntries(
    configVariables
      .map(({ name }) => [name, env[name]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => describeIssue(env, issue)).join('\n'));
  }
  const parsed = result.data;
  const adminEmail = parsed.PONTE_ADMIN_EMAIL;
  const adminPassword = parsed.PONTE_ADMIN_PASSWORD;
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    const missing = adminEmail === undefined ? 'PONTE_ADMIN_EMAIL' : 'PONTE_ADMIN_PASSWORD';
    throw new ConfigError(
      `A variável de ambiente ${missing} é obrigatória quando PONTE_ADMIN_EMAIL ou PONTE_ADMIN_PASSWORD é informada.`,
    );
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(cwd, parsed.PONTE_DATA_DIR),
    databaseUrl: parsed.DATABASE_URL ?? null,
    embeddedDbUser: parsed.PONTE_EMBEDDED_DB_USER ?? null,
    jwtSecret: parsed.PONTE_JWT_SECRET ?? null,
    encryptionKey: parsed.PONTE_ENCRYPTION_KEY ?? null,
    admin:
      adminEmail !== undefined && adminPassword !== undefined
        ? { email: adminEmail, password: adminPassword }
        : null,
    logLevel: parsed.LOG_LEVEL,
    logRetentionDays: parsed.PONTE_LOG_RETENTION_DAYS,
    executionConcurrency: parsed.PONTE_EXECUTION_CONCURRENCY,
    executionSave: parsed.PONTE_EXECUTION_SAVE,
    nodeLimit: parsed.PONTE_NODE_LIMIT ?? null,
    sandboxIsolates: parsed.PONTE_SANDBOX_ISOLATES,
    flowChainLimit: parsed.PONTE_FLOW_CHAIN_LIMIT,
    webhookRateLimit: {
      perAddress: parsed.PONTE_WEBHOOK_RATE_LIMIT_ADDRESS,
      perFlow: parsed.PONTE_WEBHOOK_RATE_LIMIT_FLOW,
    },
    httpAllowedNetworks: parsed.PONTE_HTTP_ALLOWED_NETWORKS ?? [],
    docsUrl: parsed.PONTE_DOCS_URL ?? null,
    supportUrl: parsed.PONTE_SUPPORT_URL ?? null,
    webDist: parsed.PONTE_WEB_DIST ? resolve(cwd, parsed.PONTE_WEB_DIST) : defaultWebDist,
    publicUrl: parsed.PONTE_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    trustProxy: parsed.PONTE_TRUST_PROXY ?? false,
    metrics: metricsAccess(parsed.PONTE_METRICS ?? false, parsed.PONTE_METRICS_TOKEN ?? null),
    oauthProviders: oauthProvidersOf(parsed),
    serviceProviders: serviceProvidersOf(parsed),
    storage: storageConfigOf(parsed),
    redisUrl: redisUrlOf(parsed),
    cluster: clusterConfigOf(parsed),
    forms: formConfigOf(parsed),
    alerts: alertConfigOf(parsed),
  };
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
