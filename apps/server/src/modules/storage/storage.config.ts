import { z } from 'zod';
import { limits } from '@ponte/shared/limits';
import { ConfigError } from '../../config/config-error';
import { defineModuleConfig, type ConfigEnv } from '../../config/module-config';

/** The S3 driver's options (ADR 0030): any S3-compatible service. */
export interface S3StorageConfig {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  prefix?: string;
}

/** Where the workspaces' files live and how much each may keep (ADR 0030). */
export interface StorageConfig {
  driver: 'local' | 's3';
  maxFileBytes: number;
  /** Bytes per workspace; null: no quota. */
  quotaBytes: number | null;
  /** Set when `driver` is 's3'. */
  s3: S3StorageConfig | null;
}

const megabyte = 1024 * 1024;
const defaultMaxFileMb = limits.storageFileMaxBytes / megabyte;

const variables = [
  {
    name: 'PONTE_STORAGE_DRIVER',
    default: 'local',
    description:
      'Onde ficam os arquivos do Storage: local (PONTE_DATA_DIR/storage) ou s3 (um bucket S3 ou compatível).',
  },
  {
    name: 'PONTE_STORAGE_MAX_FILE_MB',
    default: String(defaultMaxFileMb),
    description: 'Tamanho máximo de um arquivo do Storage, em MB.',
  },
  {
    name: 'PONTE_STORAGE_QUOTA_MB',
    default: null,
    description: 'Espaço do Storage por workspace, em MB. Sem ela, não há limite.',
  },
  {
    name: 'PONTE_S3_BUCKET',
    default: null,
    description: 'Bucket dos arquivos do Storage (obrigatório com PONTE_STORAGE_DRIVER=s3).',
  },
  {
    name: 'PONTE_S3_ENDPOINT',
    default: null,
    description: 'Endereço de um serviço compatível com S3 (MinIO, R2…). Sem ela, o AWS S3.',
  },
  { name: 'PONTE_S3_REGION', default: 'us-east-1', description: 'Região do bucket.' },
  {
    name: 'PONTE_S3_ACCESS_KEY_ID',
    default: null,
    description:
      'Chave de acesso do S3. Sem ela, as credenciais padrão do ambiente (perfil, papel).',
  },
  {
    name: 'PONTE_S3_SECRET_ACCESS_KEY',
    default: null,
    description: 'Chave secreta do S3.',
  },
  {
    name: 'PONTE_S3_FORCE_PATH_STYLE',
    default: 'false',
    description: 'true usa endereços host/bucket/arquivo (MinIO e a maioria dos compatíveis).',
  },
  {
    name: 'PONTE_S3_PREFIX',
    default: null,
    description: 'Prefixo das chaves no bucket (várias instalações no mesmo bucket).',
  },
];

const megabytes = (max: number) => {
  const error = `deve ser um número inteiro de MB, de 1 a ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { error });
};

const envShape = {
  PONTE_STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'deve ser local ou s3' }).optional(),
  PONTE_STORAGE_MAX_FILE_MB: megabytes(1024 * 1024).optional(),
  PONTE_STORAGE_QUOTA_MB: megabytes(1024 * 1024 * 1024).optional(),
  PONTE_S3_BUCKET: z.string().optional(),
  PONTE_S3_ENDPOINT: z
    .url({ error: 'deve ser um endereço http:// ou https:// válido' })
    .refine((value) => /^https?:\/\//i.test(value), {
      error: 'deve ser um endereço http:// ou https:// válido',
    })
    .optional(),
  PONTE_S3_REGION: z.string().optional(),
  PONTE_S3_ACCESS_KEY_ID: z.string().optional(),
  PONTE_S3_SECRET_ACCESS_KEY: z.string().optional(),
  PONTE_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'deve ser true ou false' })
    .optional(),
  PONTE_S3_PREFIX: z.string().optional(),
};

type StorageEnv = ConfigEnv<typeof envShape>;

function s3ConfigOf(env: StorageEnv): S3StorageConfig {
  if (!env.PONTE_S3_BUCKET) {
    throw new ConfigError(
      'A variável de ambiente PONTE_S3_BUCKET é obrigatória quando PONTE_STORAGE_DRIVER=s3.',
    );
  }
  if (
    (env.PONTE_S3_ACCESS_KEY_ID === undefined) !==
    (env.PONTE_S3_SECRET_ACCESS_KEY === undefined)
  ) {
    throw new ConfigError(
      'Informe PONTE_S3_ACCESS_KEY_ID e PONTE_S3_SECRET_ACCESS_KEY juntas (ou nenhuma, para as credenciais do ambiente).',
    );
  }
  return {
    bucket: env.PONTE_S3_BUCKET,
    region: env.PONTE_S3_REGION ?? 'us-east-1',
    forcePathStyle: env.PONTE_S3_FORCE_PATH_STYLE === 'true',
    ...(env.PONTE_S3_ENDPOINT ? { endpoint: env.PONTE_S3_ENDPOINT.replace(/\/+$/, '') } : {}),
    ...(env.PONTE_S3_ACCESS_KEY_ID ? { accessKeyId: env.PONTE_S3_ACCESS_KEY_ID } : {}),
    ...(env.PONTE_S3_SECRET_ACCESS_KEY ? { secretAccessKey: env.PONTE_S3_SECRET_ACCESS_KEY } : {}),
    ...(env.PONTE_S3_PREFIX ? { prefix: env.PONTE_S3_PREFIX } : {}),
  };
}

/** PONTE_STORAGE_* / PONTE_S3_*: where the workspaces' files live; s3 without a bucket: ConfigError. */
export const storageConfig = defineModuleConfig({
  variables,
  envShape,
  read: (parsed): { storage: StorageConfig } => {
    const driver = parsed.PONTE_STORAGE_DRIVER ?? 'local';
    return {
      storage: {
        driver,
        maxFileBytes: (parsed.PONTE_STORAGE_MAX_FILE_MB ?? defaultMaxFileMb) * megabyte,
        quotaBytes: parsed.PONTE_STORAGE_QUOTA_MB ? parsed.PONTE_STORAGE_QUOTA_MB * megabyte : null,
        s3: driver === 's3' ? s3ConfigOf(parsed) : null,
      },
    };
  },
});
