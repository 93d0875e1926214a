// A Ponte process that is about to be killed (run with `node --import tsx`): it opens the
// database named by its first argument (a postgres:// URL) and writes three
// log lines that match the rule (second argument, as JSON: workspaceId), which records a
// capture window. Mode `before-send`: prints one line and waits to be killed. Mode `in-flight`:
// its dispatcher, whose clock runs an hour ahead so the window is already closed, claims the
// window and sends the webhook; it waits to be killed while the receiver holds the answer.
import { createAlertDelivery } from '../modules/alert-rules/alerts';
import { createNetworkGuard } from '../adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from '../adapters/outbound-http/outbound-http-client';
import { openPostgres } from '../db/client';
import { createAlertWatch } from '../modules/alert-rules/alert-watch';
import { createLogWriter } from '../modules/logs/log-writer';

const [database = '', argument = '{}', mode = 'before-send'] = process.argv.slice(2);
const { workspaceId } = JSON.parse(argument) as Record<string, string>;
const handle = await openPostgres(database);
const fail = (error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
};
const watch = createAlertWatch(handle.db, { onError: fail });
await watch.refresh();
const writer = createLogWriter(handle.db, { watch, onError: fail });
for (let i = 0; i < 3; i++) {
  writer.write({
    workspaceId: workspaceId!,
    flowId: 'flow-pedidos',
    executionId: `exec-${i}`,
    type: 'user',
    label: 'pedido',
    message: `pedido ${i}: timeout`,
    createdAt: new Date(),
  });
}
await writer.flush();
process.stdout.write('recorded\n');
if (mode === 'in-flight') {
  const guard = createNetworkGuard(['127.0.0.2/32']);
  const dispatcher = createAlertDelivery({
    db: handle.db,
    now: () => new Date(Date.now() + 3_600_000),
    http: createOutboundHttpClient({ guard }),
    network: { guard },
    accounts: { getDecrypted: async () => undefined },
    smtp: null,
    baseUrl: 'http://localhost:3000',
    onError: fail,
  });
  void dispatcher.runOnce().catch(fail);
}
setInterval(() => undefined, 60_000);
