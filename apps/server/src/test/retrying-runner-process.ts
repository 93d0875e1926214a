// A Ponte process that is about to crash (run with `node --import tsx`): it opens the database
// named by its first argument (a postgres:// URL), starts a runner whose outbound requests may
// reach the networks given, runs the flow of the second argument (JSON: workspaceId, flowId,
// allowed) from its manual trigger, prints the execution id once it waits for a new attempt,
// and stays up until it is killed.
import { openPostgres } from '../db/client';
import { createSecondRunner } from './second-runner';

const [database = '', argument = '{}'] = process.argv.slice(2);
const { workspaceId, flowId, allowed } = JSON.parse(argument) as {
  workspaceId: string;
  flowId: string;
  allowed: string[];
};
const handle = await openPostgres(database);
const { runner } = createSecondRunner(handle.db, { httpAllowedNetworks: allowed });
await runner.start();
const started = await runner.enqueue({
  workspaceId,
  flowId,
  triggerNodeUid: 'inicio',
  msg: { payload: {} },
});
while ((await runner.repository.find(started.execution_id))?.status !== 'waiting')
  await new Promise((resolve) => setTimeout(resolve, 10));
process.stdout.write(`${started.execution_id}\n`);
setInterval(() => undefined, 60_000);
