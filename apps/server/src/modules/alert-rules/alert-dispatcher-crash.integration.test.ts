import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAlertDelivery } from './alerts';
import { createNetworkGuard } from '../../adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from '../../adapters/outbound-http/outbound-http-client';
import { alertFirings, alertRules } from '../../db/schema';
import { serverRoot } from '../../package-root';
import { startHttpReceiver } from '../../test/http-receiver';
import { createSharedTestDatabase, describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createAuthRepository } from '../auth/auth.repository';

describeEachDriver('alert delivery after a kill -9', (driver) => {
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(() => receiver.close());

  /** The process is killed before its window was sent, or while the receiver holds the send. */
  it.each(['before-send', 'in-flight'] as const)(
    'killed %s: a new process sends the window exactly once',
    async (mode) => {
      const shared = await createSharedTestDatabase(driver);
      const path = `/alerta-${mode}`;
      const completedBefore = receiver.completed;
      const held: ServerResponse[] = [];
      receiver.answerWith((_request, response) => held.push(response));
      try {
        const setup = await shared.open();
        const { workspaceId } = await setup.db.transaction((tx) =>
          createAuthRepository(tx).createOwnerAccount(
            {
              customerName: 'Cliente',
              workspaceName: 'Workspace',
              userName: 'Pessoa',
              email: 'pessoa@exemplo.com.br',
              passwordHash: 'x',
            },
            new Date(),
          ),
        );
        const ruleId = randomUUID();
        await setup.db.insert(alertRules).values({
          id: ruleId,
          workspaceId,
          name: 'Timeouts',
          type: 'match_log',
          action: 'webhook',
          actionWebhookMethod: 'post',
          actionWebhookUrl: `${receiver.url}${path}`,
          matchLogType: 'message',
          matchLogContent: 'timeout',
          timewindowSeconds: 60,
        });
        await setup.close();

        const dying = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'src/test/alert-dispatch-process.ts',
            shared.location,
            JSON.stringify({ workspaceId }),
            mode,
          ],
          { cwd: serverRoot, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        const exited = new Promise((resolve) => dying.once('exit', resolve));
        let output = '';
        dying.stderr.on('data', (chunk) => (output += String(chunk)));
        await new Promise<void>((resolve, reject) => {
          let line = '';
          dying.stdout.on('data', (chunk) => {
            line += String(chunk);
            if (line.includes('\n')) resolve();
          });
          dying.once('exit', () => reject(new Error(`o processo terminou antes:\n${output}`)));
        });
        if (mode === 'in-flight') await until(() => held.length === 1, 'o envio em andamento');
        dying.kill('SIGKILL');
        expect(await exited).toBeNull();
        expect(receiver.completed).toBe(completedBefore);

        receiver.answerWith((_request, response) => response.writeHead(200).end('ok'));
        const again = await shared.open();
        const guard = createNetworkGuard(['127.0.0.2/32']);
        const http = createOutboundHttpClient({ guard });
        const errors: unknown[] = [];
        // Two minutes ahead: the window (60 s) has closed without waiting for it.
        const dispatcher = createAlertDelivery({
          db: again.db,
          now: () => new Date(Date.now() + 120_000),
          http,
          network: { guard },
          accounts: { getDecrypted: async () => undefined },
          smtp: null,
          baseUrl: 'http://localhost:3000',
          onError: (error) => errors.push(error),
        });
        try {
          const [before] = await again.db
            .select()
            .from(alertFirings)
            .where(eq(alertFirings.ruleId, ruleId));
          expect(before).toMatchObject({
            state: mode === 'in-flight' ? 'sending' : 'open',
            count: 3,
          });
          if (mode === 'in-flight') {
            // The killed process's claim would expire after limits.alertClaimMs (an hour ahead
            // on its clock): the test ends it here instead of waiting.
            await again.db.execute(
              sql`update alert_firings set claimed_until = now() - interval '1 second' where id = ${before!.id}`,
            );
          }
          await dispatcher.runOnce();
          await dispatcher.runOnce();
          const onPath = receiver.received.filter((request) => request.url === path);
          expect(receiver.completed - completedBefore).toBe(1);
          expect(onPath).toHaveLength(mode === 'in-flight' ? 2 : 1);
          expect(new Set(onPath.map((request) => request.headers['idempotency-key']))).toEqual(
            new Set([before!.id]),
          );
          expect(JSON.parse(onPath.at(-1)!.body)).toMatchObject({ count: 3 });
          const after = await again.db
            .select()
            .from(alertFirings)
            .where(eq(alertFirings.ruleId, ruleId));
          expect(after).toMatchObject([
            { state: 'sent', count: 3, attempts: mode === 'in-flight' ? 2 : 1 },
          ]);
          expect(errors).toEqual([]);
        } finally {
          await dispatcher.stop();
          await http.close();
          await again.close();
        }
      } finally {
        for (const response of held) response.destroy();
        await shared.dispose();
      }
    },
    120_000,
  );
});
