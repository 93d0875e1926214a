import type { AppConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { createEmbeddedMessageDriver } from './embedded-message-driver';
import type { MessageQueueDriver } from './message-queue-driver';
import { createRedisMessageDriver } from './redis-message-driver';

/**
 * The driver REDIS_URL asks for (docs/adr/0034): BullMQ on that Redis (keys under
 * PONTE_REDIS_PREFIX), or the embedded one
 * over the database. Nothing connects before `start()`, which checks the Redis eviction policy.
 */
export function messageDriverFromConfig(
  config: Pick<AppConfig, 'redisUrl' | 'cluster'>,
  db: Database,
): MessageQueueDriver {
  if (config.redisUrl)
    return createRedisMessageDriver({ url: config.redisUrl, prefix: config.cluster.redisPrefix });
  return createEmbeddedMessageDriver(db);
}
