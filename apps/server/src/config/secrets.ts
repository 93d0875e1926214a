import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config-error';

interface SecretsFile {
  jwt_secret?: string;
  encryption_key?: string;
}

/** A 32-byte key from 64 hex characters or from base64/base64url; null when it is neither. */
export function parseEncryptionKey(value: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const key = Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
}

function readSecretsFile(path: string): SecretsFile {
  if (!existsSync(path)) return {};
  try {
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof data !== 'object' || data === null) throw new Error('conteúdo não é um objeto');
    return data as SecretsFile;
  } catch {
    throw new ConfigError(
      `O arquivo ${path} está corrompido. Restaure-o de um backup ou informe PONTE_JWT_SECRET e PONTE_ENCRYPTION_KEY.`,
    );
  }
}

/**
 * The encryption key not given in the environment is generated once with crypto.randomBytes and
 * kept in `<dataDir>/secrets.json` (mode 0600), so encrypted data survives a restart. The JWT
 * secret is no longer generated here: it lives in the database (docs/adr/0068); a `jwt_secret`
 * an older version wrote is read and returned as `jwtSecretSeed`, so the first start on the
 * database keeps the sessions already issued.
 */
export function loadSecrets(
  dataDir: string,
  given: { jwtSecret: string | null; encryptionKey: string | null },
): { jwtSecret: string | null; jwtSecretSeed: string | null; encryptionKey: Buffer } {
  const path = join(dataDir, 'secrets.json');
  let stored: SecretsFile = {};
  const wantsFile = given.encryptionKey === null;
  if (wantsFile) {
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch {
      throw new ConfigError(
        `Não foi possível criar o diretório de dados ${dataDir} (PONTE_DATA_DIR).`,
      );
    }
    stored = readSecretsFile(path);
    if (typeof stored.encryption_key !== 'string') {
      // An old jwt_secret stays in the file: a downgrade still finds it.
      stored = { ...stored, encryption_key: randomBytes(32).toString('base64') };
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
      renameSync(tmp, path);
    }
    chmodSync(path, 0o600);
  } else if (given.jwtSecret === null) {
    // Only read: a key given by environment never makes the data dir write anything.
    stored = readSecretsFile(path);
  }
  const seed = given.jwtSecret === null ? (stored.jwt_secret ?? null) : null;
  const encryptionKey = parseEncryptionKey(given.encryptionKey ?? stored.encryption_key ?? '');
  if ((seed !== null && (typeof seed !== 'string' || seed.length < 32)) || encryptionKey === null) {
    throw new ConfigError(
      `O arquivo ${path} contém segredos inválidos. Restaure-o de um backup ou informe PONTE_JWT_SECRET e PONTE_ENCRYPTION_KEY.`,
    );
  }
  return { jwtSecret: given.jwtSecret, jwtSecretSeed: seed, encryptionKey };
}
