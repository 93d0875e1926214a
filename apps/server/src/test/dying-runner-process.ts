// A Ponte process that is about to crash (run with `node --import tsx`): it opens the database
// named by its first argument (a postgres:// URL), starts a runner with
// one slot, starts the hanging flow and queues the quick one (flow ids in the second argument,
// as JSON), prints the two execution ids as one JSON line and stays up until it is killed.
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import { openPostgres } from '../db/client';
import { createSecondRunner } from './second-runner';

const [database = '', argument = '{}'] = process.argv.slice(2);
const { workspaceId, hang, quick } = JSON.parse(argument) as Record<string, string>;
const handle = await openPostgres(database);
const { runner } = createSecondRunner(handle.db, {
  nodes: createTestNodes().nodes,
  concurrency: 1,
});
await runner.start();
const request = { workspaceId: workspaceId!, triggerNodeUid: 'n0', msg: { payload: {} } };
const running = await runner.enqueue({ ...request, flowId: hang! });
while ((await runner.repository.find(running.execution_id))?.status !== 'running')
  await new Promise((resolve) => setTimeout(resolve, 10));
const queued = await runner.enqueue({ ...request, flowId: quick! });
process.stdout.write(
  `${JSON.stringify({ running: running.execution_id, queued: queued.execution_id })}\n`,
);
setInterval(() => undefined, 60_000);
