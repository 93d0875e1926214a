import type { FastifyInstance } from 'fastify';
import type { ClusterOptions } from '../../cluster/cluster';
import type { MessageQueueDriver } from '../queues/drivers/message-queue-driver';
import { healthRoutes } from './health.routes';
import { createRedisProbe } from './redis-probe';

export interface HealthSources {
  database: { ping(): Promise<void> };
  /** The internal queues' driver: its own Redis connection is checked when it is the Redis one. */
  queues?: { driver?: MessageQueueDriver };
  /** The processes' Redis (executions, bus), checked through a connection of the probe's own. */
  cluster?: Pick<ClusterOptions, 'redis'>;
}

/**
 * GET /healthz and GET /readyz on any process, API or worker (docs/adr/0068): readiness checks
 * the database, and Redis when this process uses it (the internal queues' driver, the
 * processes' Redis). The probe's own connection closes with the app.
 */
export async function registerHealth(app: FastifyInstance, sources: HealthSources): Promise<void> {
  const driver = sources.queues?.driver;
  const clusterRedis = sources.cluster?.redis ?? null;
  const probe = clusterRedis ? createRedisProbe(clusterRedis.url) : null;
  if (probe) app.addHook('onClose', async () => probe.close());
  const redisChecks = [
    ...(driver?.ping ? [() => driver.ping!()] : []),
    ...(probe ? [() => probe.ping()] : []),
  ];
  await app.register(healthRoutes, {
    ping: () => sources.database.ping(),
    redis: redisChecks.length
      ? async () => {
          await Promise.all(redisChecks.map((check) => check()));
        }
      : null,
  });
}
