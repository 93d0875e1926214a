import { z } from 'zod';
import { defineModuleConfig } from '../../config/module-config';

const variables = [
  {
    name: 'REDIS_URL',
    default: null,
    description:
      'Redis das filas internas (redis:// ou rediss://), com maxmemory-policy noeviction. Sem ela, as filas ficam no banco de dados.',
  },
];

const redisUrlError = 'deve ser um endereço redis:// ou rediss:// válido';

const envShape = {
  REDIS_URL: z
    .url({ error: redisUrlError })
    .refine((value) => /^rediss?:\/\//i.test(value), { error: redisUrlError })
    .optional(),
};

/** The internal queues on Redis (docs/adr/0034), or in the database without REDIS_URL. */
export const queuesConfig = defineModuleConfig({
  variables,
  envShape,
  read: (parsed) => ({
    /** REDIS_URL: the internal queues on Redis (docs/adr/0034); null: in the database. */
    redisUrl: parsed.REDIS_URL ?? null,
  }),
});
