import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AlertFiring } from '@ponte/shared/alert-rules.schema';
import { createAlertDelivery } from './alerts';
import { createNetworkGuard } from '../../adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from '../../adapters/outbound-http/outbound-http-client';
import { executions, flows } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { startHttpReceiver } from '../../test/http-receiver';
import { testEncryptionKey, useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createServiceAccountsService } from '../service-accounts/service-accounts.service';
import { createDeadManEvaluator } from './alert-dead-man';

const minute = 60_000;

/**
 * A 'Flow sem sucesso' rule from the API to the receiver: the evaluator raises the incident, the
 * dispatcher delivers it once however many passes run, and the recovery once after a success.
 */
describeEachDriver('dead-man rule delivered by webhook', (driver) => {
  const t = useTestApp(driver, {
    httpAllowedNetworks: ['127.0.0.2/32'],
    alerts: { dispatchIntervalMs: 3_600_000 },
  });
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
  const guard = createNetworkGuard(['127.0.0.2/32']);
  const http = createOutboundHttpClient({ guard });
  const errors: unknown[] = [];

  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(async () => {
    await http.close();
    await receiver.close();
    expect(errors).toEqual([]);
  });

  it('fires once after the silence and recovers once after a success', async () => {
    const db = t.database.db;
    const account = await t.createAccount();
    const flowId = randomUUID();
    await db.insert(flows).values({
      id: flowId,
      workspaceId: account.workspaceId,
      name: 'Importação noturna',
      enabled: true,
      triggers: [],
      variables: [],
      data: {},
      config: { rate_limit: 0 },
    });
    const created = await t.request(account.token).post('/api/v1/alert-rules', {
      name: 'Importação parada',
      type: 'no_success',
      flow_id: flowId,
      no_success_minutes: 60,
      action: 'webhook',
      action_webhook_url: `${receiver.url}/alertas`,
    });
    expect(created.statusCode).toBe(201);
    const ruleId = (created.json() as { _id: string })._id;
    const onError = (error: unknown) => errors.push(error);
    const evaluator = createDeadManEvaluator(db, {
      now: t.clock.now,
      queueCounts: () => Promise.reject(new Error('sem filas neste teste')),
      workersAlive: async () => true,
      onError,
    });
    const dispatcher = createAlertDelivery({
      db,
      now: t.clock.now,
      http,
      network: { guard },
      accounts: createServiceAccountsService({
        db,
        now: t.clock.now,
        box: createSecretBox(testEncryptionKey),
        http,
      }),
      smtp: null,
      baseUrl: 'https://ponte.exemplo.com.br',
      onError,
    });
    const passes = async () => {
      for (let i = 0; i < 2; i += 1) {
        await evaluator.runOnce();
        await dispatcher.runOnce();
      }
    };
    const bodies = () =>
      receiver.received
        .filter((request) => request.url === '/alertas')
        .map((request) => JSON.parse(request.body) as { kind: string; summary: string });

    t.clock.advance(59 * minute);
    await passes();
    expect(bodies()).toEqual([]);

    t.clock.advance(2 * minute);
    await passes();
    expect(bodies()).toHaveLength(1);
    expect(bodies()[0]).toMatchObject({ kind: 'incident' });
    expect(bodies()[0]!.summary).toContain('Importação noturna');
    expect(bodies()[0]!.summary).toContain('nunca terminou com sucesso');

    const endedAt = t.clock.now();
    await db.insert(executions).values({
      id: randomUUID(),
      workspaceId: account.workspaceId,
      flowId,
      triggerType: 'manual',
      triggerNodeUid: 'n0',
      status: 'success',
      queuedAt: endedAt,
      startedAt: endedAt,
      endedAt,
      durationMs: 5,
    });
    t.clock.advance(minute);
    await passes();
    expect(bodies().map((body) => body.kind)).toEqual(['incident', 'recovery']);
    expect(bodies()[1]!.summary).toContain('voltou a terminar com sucesso');

    const firings = await t.request(account.token).get(`/api/v1/alert-rules/${ruleId}/firings`);
    const items = (firings.json() as { items: AlertFiring[] }).items;
    expect(items.map((item) => [item.kind, item.state, item.result_status])).toEqual([
      ['recovery', 'sent', 200],
      ['incident', 'sent', 200],
    ]);
    await dispatcher.stop();
  });
});
