import { resolve } from 'node:path';
import { z } from 'zod';
import { defineModuleConfig } from './module-config';
import { parseEncryptionKey } from './secrets';

/** The process's own: where it listens, its data, its database and its secrets. */
export const serverConfig = defineModuleConfig({
  variables: [
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
  ],
  envShape: {
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
  },
  /** The secrets stay text here: loadConfig fills the missing key from the data dir. */
  read: (parsed, cwd) => ({
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(cwd, parsed.PONTE_DATA_DIR),
    databaseUrl: parsed.DATABASE_URL ?? null,
    /** As root: the system user that runs the embedded PostgreSQL (null: `ponte`). */
    embeddedDbUser: parsed.PONTE_EMBEDDED_DB_USER ?? null,
    /** PONTE_JWT_SECRET; null: the one kept in the database (docs/adr/0068). */
    jwtSecret: parsed.PONTE_JWT_SECRET ?? null,
    encryptionKey: parsed.PONTE_ENCRYPTION_KEY ?? null,
  }),
});
