import { expect, it } from 'vitest';
import { limits } from '@ponte/shared/limits';
import { queueDepthSchema, queueSchema } from '@ponte/shared/queues.schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createEmbeddedMessageDriver } from './drivers/embedded-message-driver';
import { createQueueDepthSampler } from './queue-depth-sampler';
import { createQueueSamplesRepository } from './queue-samples.repository';

describeEachDriver('queue depth samples', (driver) => {
  const t = useTestApp(driver, { queues: { sampleDepth: false } });

  /** A second process's sampler on the app's database and clock. */
  const sampler = () =>
    createQueueDepthSampler({
      repository: createQueueSamplesRepository(t.database.db),
      driver: createEmbeddedMessageDriver(t.database.db),
      now: t.clock.now,
      onError: (error) => {
        throw error;
      },
    });

  it('keeps one sample per 30 s slot, shows the last hour and forgets after two hours', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const queue = queueSchema.parse((await api.post('/api/v1/queues', { name: 'Medida' })).json());
    await api.post(`/api/v1/queues/jobs/new/${queue._id}`, { message: 'a' });
    await api.post(`/api/v1/queues/jobs/new/${queue._id}`, {
      message: 'b',
      delayed: 1,
      delay_in_seconds: 3600,
    });
    const depth = async () =>
      queueDepthSchema.parse((await api.get(`/api/v1/queues/${queue._id}/depth`)).json()).items;

    // Two processes sampling the same slot write one row.
    await Promise.all([sampler().runOnce(), sampler().runOnce()]);
    const [first] = await depth();
    expect(await depth()).toHaveLength(1);
    expect(first).toMatchObject({ waiting: 1, delayed: 1, paused: 0 });
    expect(Date.parse(first!.at) % limits.queueDepthSampleMs).toBe(0);

    await api.post(`/api/v1/queues/control/pause/${queue._id}`);
    t.clock.advance(limits.queueDepthSampleMs);
    await sampler().runOnce();
    expect((await depth()).map((s) => [s.waiting, s.paused])).toEqual([
      [1, 0],
      [0, 1],
    ]);

    // An hour later the chart shows only the new sample; two hours on the old rows are gone.
    t.clock.advance(limits.queueDepthWindowMs + limits.queueDepthSampleMs);
    await sampler().runOnce();
    expect(await depth()).toHaveLength(1);
    t.clock.advance(limits.queueDepthWindowMs);
    await sampler().runOnce();
    const rows = await createQueueSamplesRepository(t.database.db).samplesSince(
      queue._id,
      new Date(0),
    );
    expect(rows).toHaveLength(2);
  });
});
