import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig, parseEnv } from './config';
import { defaultOAuthProviders } from './modules/service-accounts/oauth2/oauth2.config';
import { defaultServiceProviders } from './modules/service-accounts/service-accounts.config';
import { defaultWebDist, serverRoot } from './package-root';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'ponte-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configError(env: Record<string, string>): string {
  try {
    parseEnv(env, '/srv/ponte');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('config', () => {
  it('has defaults for everything', () => {
    expect(parseEnv({}, '/srv/ponte')).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/ponte/data',
      databaseUrl: null,
      embeddedDbUser: null,
      jwtSecret: null,
      encryptionKey: null,
      admin: null,
      logLevel: 'info',
      logRetentionDays: 30,
      auditRetentionDays: 365,
      executionConcurrency: 200,
      executionSave: 'all',
      executionData: 'on',
      nodeLimit: null,
      sandboxIsolates: 4,
      flowChainLimit: 5,
      lgpdMask: false,
      webhookRateLimit: { perAddress: 300, perFlow: 600 },
      httpAllowedNetworks: [],
      docsUrl: null,
      supportUrl: null,
      webDist: defaultWebDist,
      publicUrl: null,
      trustProxy: false,
      metrics: { open: false, token: null },
      logStream: { destinations: [], bufferSize: 10_000, batchSize: 100, intervalMs: 1_000 },
      oauthProviders: defaultOAuthProviders,
      serviceProviders: defaultServiceProviders,
      storage: { driver: 'local', maxFileBytes: 100 * 1024 * 1024, quotaBytes: null, s3: null },
      redisUrl: null,
      cluster: {
        role: 'all',
        redisPrefix: 'ponte',
        leaseMs: 30_000,
        shutdownGraceMs: 20_000,
        distributed: false,
      },
      forms: { resultTimeoutMs: 60_000, uploadRetentionDays: 30 },
      alerts: { smtp: null },
    });
    expect(defaultWebDist).toBe(join(serverRoot, '..', 'web', 'dist'));
  });

  it('reads every variable and treats empty ones as unset', () => {
    const parsed = parseEnv(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        PONTE_DATA_DIR: '../dados',
        DATABASE_URL: 'postgres://u:p@db:5432/ponte',
        PONTE_EMBEDDED_DB_USER: 'ponte-banco',
        PONTE_ADMIN_EMAIL: ' Admin@Empresa.com ',
        PONTE_ADMIN_PASSWORD: 'senha-segura',
        LOG_LEVEL: 'debug',
        PONTE_LOG_RETENTION_DAYS: '7',
        PONTE_AUDIT_RETENTION_DAYS: '730',
        PONTE_EXECUTION_CONCURRENCY: '4',
        PONTE_EXECUTION_SAVE: 'errors',
        PONTE_NODE_LIMIT: '7',
        PONTE_SANDBOX_ISOLATES: '4',
        PONTE_FLOW_CHAIN_LIMIT: '3',
        PONTE_WEBHOOK_RATE_LIMIT_ADDRESS: '0',
        PONTE_WEBHOOK_RATE_LIMIT_FLOW: '60',
        PONTE_HTTP_ALLOWED_NETWORKS: ' 10.0.0.0/8, 192.168.1.10 ,fd00::/8',
        PONTE_DOCS_URL: 'https://docs.exemplo.com',
        PONTE_SUPPORT_URL: '',
        PONTE_WEB_DIST: 'web',
      },
      '/srv/ponte',
    );
    expect(parsed).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/dados',
      databaseUrl: 'postgres://u:p@db:5432/ponte',
      embeddedDbUser: 'ponte-banco',
      admin: { email: 'admin@empresa.com', password: 'senha-segura' },
      logLevel: 'debug',
      logRetentionDays: 7,
      auditRetentionDays: 730,
      executionSave: 'errors',
      executionConcurrency: 4,
      nodeLimit: 7,
      sandboxIsolates: 4,
      flowChainLimit: 3,
      webhookRateLimit: { perAddress: 0, perFlow: 60 },
      httpAllowedNetworks: ['10.0.0.0/8', '192.168.1.10', 'fd00::/8'],
      docsUrl: 'https://docs.exemplo.com',
      supportUrl: null,
      webDist: '/srv/ponte/web',
    });
  });

  it('names the variable of a bad value, in Portuguese', () => {
    expect(configError({ PORT: 'abc' })).toBe(
      'A variável de ambiente PORT é inválida: deve ser um número inteiro entre 0 e 65535 (valor recebido: "abc").',
    );
    expect(configError({ PORT: '70000' })).toContain('PORT');
    expect(configError({ DATABASE_URL: 'mysql://x' })).toContain('DATABASE_URL');
    expect(configError({ LOG_LEVEL: 'verbose' })).toContain('LOG_LEVEL');
    expect(configError({ PONTE_EMBEDDED_DB_USER: 'root; rm' })).toBe(
      'A variável de ambiente PONTE_EMBEDDED_DB_USER é inválida: deve ser um nome de usuário de sistema (valor recebido: "root; rm").',
    );
    expect(configError({ PONTE_LOG_RETENTION_DAYS: '0' })).toBe(
      'A variável de ambiente PONTE_LOG_RETENTION_DAYS é inválida: deve ser um número inteiro de dias, de 1 a 36500 (valor recebido: "0").',
    );
    expect(configError({ PONTE_LOG_RETENTION_DAYS: '2.5' })).toContain('PONTE_LOG_RETENTION_DAYS');
    expect(configError({ PONTE_AUDIT_RETENTION_DAYS: '0' })).toContain(
      'PONTE_AUDIT_RETENTION_DAYS é inválida: deve ser um número inteiro de dias, de 1 a 36500',
    );
    expect(configError({ PONTE_EXECUTION_CONCURRENCY: '0' })).toBe(
      'A variável de ambiente PONTE_EXECUTION_CONCURRENCY é inválida: deve ser um número inteiro de 1 a 1000 (valor recebido: "0").',
    );
    expect(configError({ PONTE_NODE_LIMIT: '0' })).toContain('PONTE_NODE_LIMIT é inválida');
    expect(configError({ PONTE_FLOW_CHAIN_LIMIT: '0' })).toBe(
      'A variável de ambiente PONTE_FLOW_CHAIN_LIMIT é inválida: deve ser um número inteiro de 1 a 100 (valor recebido: "0").',
    );
    expect(configError({ PONTE_EXECUTION_SAVE: 'some' })).toBe(
      'A variável de ambiente PONTE_EXECUTION_SAVE é inválida: deve ser all, errors ou none (valor recebido: "some").',
    );
    expect(configError({ PONTE_WEBHOOK_RATE_LIMIT_FLOW: '-1' })).toContain(
      'PONTE_WEBHOOK_RATE_LIMIT_FLOW é inválida',
    );
    expect(configError({ PONTE_EXECUTION_CONCURRENCY: 'muitas' })).toContain(
      'PONTE_EXECUTION_CONCURRENCY',
    );
    expect(configError({ PONTE_HTTP_ALLOWED_NETWORKS: '10.0.0.0/8,intranet' })).toBe(
      'A variável de ambiente PONTE_HTTP_ALLOWED_NETWORKS é inválida: "intranet" não é uma rede CIDR (exemplos: 10.0.0.0/8, 192.168.1.10/32, fd00::/8) (valor recebido: "10.0.0.0/8,intranet").',
    );
    expect(configError({ PONTE_HTTP_ALLOWED_NETWORKS: '10.0.0.0/33' })).toContain(
      'PONTE_HTTP_ALLOWED_NETWORKS',
    );
    expect(configError({ PONTE_DOCS_URL: 'docs' })).toContain('PONTE_DOCS_URL');
    expect(configError({ PONTE_JWT_SECRET: 'curto' })).toMatch(
      /PONTE_JWT_SECRET.*32 caracteres\.$/,
    );
    expect(configError({ PONTE_ENCRYPTION_KEY: 'abc' })).toContain('PONTE_ENCRYPTION_KEY');
    expect(configError({ PONTE_ADMIN_EMAIL: 'a@b.com' })).toContain('PONTE_ADMIN_PASSWORD');
    expect(
      configError({ PONTE_ADMIN_EMAIL: 'nao-e-email', PONTE_ADMIN_PASSWORD: 'x'.repeat(8) }),
    ).toContain('PONTE_ADMIN_EMAIL');
  });

  it('reads the public URL, the trusted proxies and the metrics access', () => {
    expect(parseEnv({ PONTE_PUBLIC_URL: 'https://ponte.exemplo.com/' }).publicUrl).toBe(
      'https://ponte.exemplo.com',
    );
    expect(configError({ PONTE_PUBLIC_URL: 'ponte.exemplo.com' })).toContain('PONTE_PUBLIC_URL');
    expect(configError({ PONTE_PUBLIC_URL: 'ftp://ponte.exemplo.com' })).toContain(
      'PONTE_PUBLIC_URL',
    );

    expect(parseEnv({ PONTE_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseEnv({ PONTE_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseEnv({ PONTE_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(configError({ PONTE_TRUST_PROXY: '10.0.0.0/8,proxy' })).toBe(
      'A variável de ambiente PONTE_TRUST_PROXY é inválida: deve ser true, um número de saltos ou uma lista de IPs/CIDRs separada por vírgulas (valor recebido: "10.0.0.0/8,proxy").',
    );

    expect(parseEnv({ PONTE_METRICS: 'true' }).metrics).toEqual({ open: true, token: null });
    const token = 't'.repeat(20);
    expect(parseEnv({ PONTE_METRICS: 'true', PONTE_METRICS_TOKEN: token }).metrics).toEqual({
      open: false,
      token,
    });
    expect(configError({ PONTE_METRICS: 'sim' })).toContain('PONTE_METRICS é inválida');
    expect(configError({ PONTE_METRICS_TOKEN: 'curto' })).not.toContain('curto"');
  });

  it('refuses a bad OTEL_* value in pt-BR, never printing the collector headers or address', () => {
    expect(() =>
      parseEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://coletor:4318',
        OTEL_EXPORTER_OTLP_HEADERS: 'api-key=abc,x-tenant=ponte',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=producao',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
        OTEL_SDK_DISABLED: 'TRUE',
      }),
    ).not.toThrow();
    expect(configError({ OTEL_TRACES_SAMPLER: 'metade' })).toContain(
      'A variável de ambiente OTEL_TRACES_SAMPLER é inválida: deve ser um destes: always_on,',
    );
    expect(configError({ OTEL_TRACES_SAMPLER_ARG: '2' })).toContain(
      'OTEL_TRACES_SAMPLER_ARG é inválida: deve ser um número de 0 a 1',
    );
    expect(configError({ OTEL_SDK_DISABLED: 'sim' })).toContain(
      'OTEL_SDK_DISABLED é inválida: deve ser true ou false',
    );
    const headers = configError({ OTEL_EXPORTER_OTLP_HEADERS: 'chave-secreta-123' });
    expect(headers).toContain(
      'OTEL_EXPORTER_OTLP_HEADERS é inválida: deve ser uma lista de pares chave=valor',
    );
    expect(headers).not.toContain('chave-secreta-123');
    const address = configError({ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://eu:senha@coletor' });
    expect(address).toContain('OTEL_EXPORTER_OTLP_ENDPOINT é inválida: deve ser um endereço http');
    expect(address).not.toContain('senha');
  });

  it('never prints a secret it refuses', () => {
    expect(
      configError({ PONTE_ADMIN_EMAIL: 'a@b.com', PONTE_ADMIN_PASSWORD: 'curta' }),
    ).not.toContain('curta');
  });

  it('generates the encryption key once, in a 0600 file, and reuses it; no JWT secret there', () => {
    const dataDir = join(tempDir(), 'dados');
    const first = loadConfig({ PONTE_DATA_DIR: dataDir });
    const file = join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.encryptionKey).toHaveLength(32);
    // The JWT secret lives in the database (docs/adr/0068): nothing to seed it with here.
    expect(first.jwtSecret).toBeNull();
    expect(first.jwtSecretSeed).toBeNull();

    const second = loadConfig({ PONTE_DATA_DIR: dataDir });
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).not.toHaveProperty('jwt_secret');
  });

  it("hands an older secrets.json's jwt_secret over as the seed of the database's, and keeps it", () => {
    const dataDir = join(tempDir(), 'dados');
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'secrets.json');
    const old = { jwt_secret: 'j'.repeat(64), encryption_key: 'cd'.repeat(32) };
    writeFileSync(file, JSON.stringify(old));
    const config = loadConfig({ PONTE_DATA_DIR: dataDir });
    expect(config.jwtSecret).toBeNull();
    expect(config.jwtSecretSeed).toBe(old.jwt_secret);
    expect(config.encryptionKey.equals(Buffer.from(old.encryption_key, 'hex'))).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(old);
    // Given by environment, the JWT secret wins and nothing is seeded.
    const given = loadConfig({ PONTE_DATA_DIR: dataDir, PONTE_JWT_SECRET: 's'.repeat(40) });
    expect(given.jwtSecret).toBe('s'.repeat(40));
    expect(given.jwtSecretSeed).toBeNull();
  });

  it('prefers given secrets and writes nothing when both are given', () => {
    const dataDir = join(tempDir(), 'dados');
    const config = loadConfig({
      PONTE_DATA_DIR: dataDir,
      PONTE_JWT_SECRET: 's'.repeat(40),
      PONTE_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(config.encryptionKey.equals(Buffer.from('ab'.repeat(32), 'hex'))).toBe(true);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
  });
});

const readmePath = join(serverRoot, '..', '..', 'README.md');
const readme = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : null;

describe('README', () => {
  it.skipIf(readme === null)(
    readme === null
      ? 'README.md na raiz ainda não existe: conferência das variáveis ignorada'
      : 'documents every environment variable',
    () => {
      const missing = configVariables.map((v) => v.name).filter((name) => !readme!.includes(name));
      expect(missing).toEqual([]);
    },
  );
});

describe('the README table', () => {
  it.skipIf(readme === null)('lists the variables in the order of the modules in config.ts', () => {
    const rows = [...readme!.matchAll(/^\| `([A-Z0-9_]+)` /gm)].map((row) => row[1]);
    const names = configVariables.map((v) => v.name);
    expect(rows.filter((name) => names.includes(name!))).toEqual(names);
  });
});

describe('the defaults the variables list', () => {
  it.skipIf(readme === null)('are the ones the README table shows', () => {
    const shown = new Map(
      [...readme!.matchAll(/^\| `([A-Z0-9_]+)` +\| `([^`|]*)` /gm)].map((row) => [row[1], row[2]]),
    );
    const differing = configVariables
      .filter(
        (v) => v.default !== undefined && shown.has(v.name) && shown.get(v.name) !== v.default,
      )
      .map((v) => `${v.name}: ${v.default} ≠ ${shown.get(v.name)}`);
    expect(differing).toEqual([]);
  });
});
