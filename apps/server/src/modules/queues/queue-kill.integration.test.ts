import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import type { ExecutionRow } from '../executions/executions.repository';
import { serverRoot } from '../../package-root';
import {
  addConsumerFlow,
  addQueue,
  executionsOfFlow,
  openMessageDriver,
  seedWorkspace,
} from '../../test/queue-fixtures';
import { createSecondRunner } from '../../test/second-runner';
import { createSharedTestDatabase, describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createQueueConsumers } from './queue-consumers';

const { nodes } = createTestNodes();
const count = 200;
/** Short, so the messages the dead process held come back quickly. */
const leaseMs = 1_000;

/** Runs the dying process until it printed its message ids, then kills it with SIGKILL. */
async function publishThenDie(location: string, argument: object): Promise<string[]> {
  const dying = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/test/queue-consumer-process.ts', location, JSON.stringify(argument)],
    { cwd: serverRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise((resolve) => dying.once('exit', resolve));
  let errors = '';
  dying.stderr.on('data', (chunk) => (errors += String(chunk)));
  const { ids } = await new Promise<{ ids: string[] }>((resolve, reject) => {
    let line = '';
    dying.stdout.on('data', (chunk) => {
      line += String(chunk);
      if (line.includes('\n')) resolve(JSON.parse(line));
    });
    dying.once('exit', () => reject(new Error(`o processo terminou antes:\n${errors}`)));
  });
  dying.kill('SIGKILL');
  expect(await exited).toBeNull();
  return ids;
}

/** Executions per job_id of the trigger message. */
function byJobId(rows: ExecutionRow[]): Map<string, ExecutionRow[]> {
  const runs = new Map<string, ExecutionRow[]>();
  for (const row of rows) {
    const jobId = String(row.triggerMsg?.job_id);
    runs.set(jobId, [...(runs.get(jobId) ?? []), row]);
  }
  return runs;
}

describeEachDriver('queue consumers across a kill -9', (driver) => {
  it('consumes every message published before the kill, retried with the same id', async () => {
    const shared = await createSharedTestDatabase(driver);
    try {
      const setup = await shared.open();
      const workspace = await seedWorkspace(setup.db);
      const queueId = await addQueue(setup.db, workspace);
      // Slow enough that many messages are running or waiting when the process dies.
      const flowId = await addConsumerFlow(setup.db, workspace.workspaceId, queueId, [
        { type: 'core_delay', params: { amount: 150, unit: 'ms' } },
      ]);
      await setup.close();

      const ids = await publishThenDie(shared.location, {
        workspaceId: workspace.workspaceId,
        queueId,
        count,
        leaseMs,
      });
      expect(new Set(ids).size).toBe(count);

      // A new process starts over the same data once the old one is gone.
      const again = await shared.open();
      const messages = openMessageDriver(again.db, { leaseMs });
      await messages.start();
      const ponte = createSecondRunner(again.db, { nodes, concurrency: 50 });
      const consumers = createQueueConsumers({
        db: again.db,
        driver: messages,
        runner: ponte.runner,
      });
      try {
        await ponte.runner.start();
        await consumers.start();
        const completed = async (atLeast: number) =>
          (await messages.counts(queueId)).completed >= atLeast;
        for (const step of [50, 100, 150, count])
          await until(() => completed(step), `${step} mensagens consumidas`);
        const counts = await messages.counts(queueId);
        expect(counts).toMatchObject({ delayed: 0, waiting: 0, active: 0, failed: 0 });

        const runs = byJobId(await executionsOfFlow(again.db, flowId));
        expect([...runs.keys()].sort()).toEqual([...ids].sort());
        const retried = [...runs.values()].filter((list) => list.length > 1);
        for (const list of runs.values()) {
          const ordered = list.sort(
            (a, b) => Number(a.triggerMsg?.attempts) - Number(b.triggerMsg?.attempts),
          );
          // Each start of a message is a new attempt of the same id, the last one succeeded.
          expect(new Set(ordered.map((row) => row.triggerMsg?.attempts)).size).toBe(list.length);
          expect(ordered.at(-1)!.status).toBe('success');
          // Earlier attempts died with the process (or, rarely, ended just before the kill).
          for (const row of ordered.slice(0, -1))
            expect(['crashed', 'success']).toContain(row.status);
        }
        // Some messages were running when the process died: they ran again with the same id.
        expect(retried.length).toBeGreaterThan(0);
      } finally {
        await consumers.stop();
        await ponte.close();
        await messages.close();
        await again.close();
      }
    } finally {
      await shared.dispose();
    }
  }, 120_000);
});
