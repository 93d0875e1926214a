import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../../db/client';
import { startTcpProxy } from '../../../test/tcp-proxy';
import {
  createSharedTestDatabase,
  postgresTestUrl,
  type SharedTestDatabase,
} from '../../../test/test-database';
import { until } from '../../../test/until';
import { createEmbeddedExecutionQueueDriver } from './embedded-execution-queue-driver';
import type { ExecutionQueueConsumer } from './execution-queue-driver';

const describePostgres = postgresTestUrl ? describe : describe.skip;

describePostgres(
  'embedded queue through a PostgreSQL outage (defina PONTE_TEST_DATABASE_URL para rodar)',
  () => {
    let shared: SharedTestDatabase;
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let database: DatabaseHandle;
    const consumers: ExecutionQueueConsumer[] = [];

    beforeAll(async () => {
      shared = await createSharedTestDatabase('postgres');
      const direct = new URL(shared.location);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      direct.host = `127.0.0.1:${proxy.port}`;
      database = await openPostgres(direct.toString());
    });
    afterAll(async () => {
      await Promise.all(consumers.map((consumer) => consumer.stop(0)));
      await database?.close();
      await proxy?.close();
      await shared?.dispose();
    });

    it('releases a job that ended while the database was away and takes the next one when it is back', async () => {
      const driver = createEmbeddedExecutionQueueDriver(database.db);
      const limited = { workspaceId: 'ws', concurrencyKey: 'flow', concurrencyLimit: 1 };
      await driver.enqueue('outage', { ...limited, payload: 'A' });
      await driver.enqueue('outage', { ...limited, payload: 'B' });
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      const seen: unknown[] = [];
      consumers.push(
        driver.consume(
          'outage',
          async (job) => {
            seen.push(job.payload);
            if (job.payload === 'A') await opened;
          },
          { concurrency: 2 },
        ),
      );
      await until(() => seen.length === 1, 'o primeiro job rodar');

      // A ends while the database is away: its row cannot be removed, B cannot be claimed.
      proxy.cut();
      open();
      await until(() => proxy.refused() >= 2, 'as tentativas com o banco fora');
      proxy.restore();

      // A left `active` would hold the flow's only slot: B would never run.
      await until(() => seen.length === 2, 'o segundo job rodar depois da volta do banco');
      expect(seen).toEqual(['A', 'B']);
      await until(async () => {
        const counts = await driver.counts('outage');
        return counts.active === 0 && counts.waiting === 0;
      }, 'a fila vazia');
    });
  },
);
