import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSecurity } from '../../lib/route-schemas';

export interface HealthRoutesOptions {
  /** Rejects when the database does not answer `select 1`. */
  ping(): Promise<void>;
  /** Rejects when Redis does not answer a PING; null when this process does not use Redis. */
  redis?: (() => Promise<void>) | null;
}

const state = z.enum(['ok', 'unavailable']);
const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: state.describe('ok quando tudo o que o processo usa responde'),
  database: state.describe('o banco de dados responde a `select 1`'),
  redis: state
    .optional()
    .describe('o Redis responde a PING; ausente quando o processo não usa Redis'),
});
const tags = ['Saúde'];
const pingTimeoutMs = 3_000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type State = z.infer<typeof state>;

/** Runs one check within the timeout: 'ok', or 'unavailable' logged as a warning. */
async function check(run: () => Promise<void>, warn: (error: unknown) => void): Promise<State> {
  try {
    // A check that throws synchronously is unavailable too, never a 500.
    await withTimeout(Promise.resolve().then(run), pingTimeoutMs);
    return 'ok';
  } catch (error) {
    warn(error);
    return 'unavailable';
  }
}

/** Liveness (the process answers) and readiness (the database and, when used, Redis answer). */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags,
        summary: 'O processo está no ar',
        security: publicSecurity,
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  const redis = options.redis ?? null;
  app.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'O banco de dados e, quando usado, o Redis respondem',
        security: publicSecurity,
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      const [database, redisState] = await Promise.all([
        check(options.ping, (err) => request.log.warn({ err }, 'banco de dados indisponível')),
        redis ? check(redis, (err) => request.log.warn({ err }, 'Redis indisponível')) : null,
      ]);
      const ok = database === 'ok' && (redisState ?? 'ok') === 'ok';
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'unavailable',
        database,
        ...(redisState ? { redis: redisState } : {}),
      });
    },
  );
};
