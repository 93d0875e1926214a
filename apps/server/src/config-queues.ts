import { z } from 'zod';

/** The variables, in the README's order (config.ts appends them to its own list). */
export const queueConfigVariables = [
  {
    name: 'REDIS_URL',
    default: null,
    description:
      'Redis das filas internas (redis:// ou rediss://), com maxmemory-policy noeviction. Sem ela, as filas ficam no banco de dados.',
  },
];

const redisUrlError = 'deve ser um endereço redis:// ou rediss:// válido';

export const queueEnvShape = {
  REDIS_URL: z
    .url({ error: redisUrlError })
    .refine((value) => /^rediss?:\/\//i.test(value), { error: redisUrlError })
    .optional(),
};

/** REDIS_URL: the internal queues on Redis (docs/adr/0034); null: in the database. */
export function redisUrlOf(env: { REDIS_URL?: string | undefined }): string | null {
  return env.REDIS_URL ?? null;
}
