// Another worker of a distributed Ponte (run with `node --import tsx`): it opens the database
// named by its first argument (a postgres:// URL) and, with the settings of its second
// argument (JSON: redisUrl, prefix, leaseMs), joins the processes over the Redis bus, takes its
// lease and consumes executions. It prints `{"ready": processId}`, then answers commands read
// from stdin, one JSON per line:
//   {"run": flowId, "workspaceId": …} → starts the flow here, prints {"running": executionId}
//   {"close": graceMs}                → closes its runner handing back, prints {"closed": true}
import { createInterface } from 'node:readline';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import { createRedisBus } from '../cluster/redis-bus';
import { openPostgres } from '../db/client';
import { createSecondRunner } from './second-runner';

const [database = '', argument = '{}'] = process.argv.slice(2);
const settings = JSON.parse(argument) as { redisUrl: string; prefix: string; leaseMs: number };
const handle = await openPostgres(database);
const bus = createRedisBus({ url: settings.redisUrl, prefix: settings.prefix });
await bus.start();
const { runner, close } = createSecondRunner(handle.db, {
  nodes: createTestNodes().nodes,
  concurrency: 4,
  cluster: {
    role: 'worker',
    bus,
    leaseMs: settings.leaseMs,
    redis: { url: settings.redisUrl, prefix: settings.prefix },
  },
  onError: (error) => process.stderr.write(`${String(error)}\n`),
});
await runner.start();
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
say({ ready: bus.processId });

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as { run?: string; workspaceId?: string; close?: number };
  if (command.run) {
    const { execution_id } = await runner.enqueue({
      workspaceId: command.workspaceId!,
      flowId: command.run,
      triggerNodeUid: 'n0',
      msg: { payload: {} },
    });
    while ((await runner.repository.find(execution_id))?.status !== 'running')
      await new Promise((resolve) => setTimeout(resolve, 10));
    say({ running: execution_id });
  } else if (command.close !== undefined) {
    await close(command.close);
    await bus.close();
    await handle.close();
    say({ closed: true });
    process.exit(0);
  }
}
