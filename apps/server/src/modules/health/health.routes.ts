import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface HealthRoutesOptions {
  /** Rejects when the database does not answer `select 1`. */
  ping(): Promise<void>;
}

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
const tags = ['Saúde'];
const pingTimeoutMs = 3_000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { ping }) => {
  app.get(
    '/healthz',
    { schema: { tags, summary: 'O processo está no ar', response: { 200: statusSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'O banco de dados responde',
        response: { 200: statusSchema, 503: statusSchema },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(ping(), pingTimeoutMs);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'banco de dados indisponível');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
};
