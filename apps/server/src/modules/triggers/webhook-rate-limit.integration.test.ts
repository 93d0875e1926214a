import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import type { ThrottledEvent } from '../../lib/security-hooks';
import { useTestApp, type TestContext } from '../../test/test-app';
import { chain, createFlow, type Step } from '../../test/flow-fixtures';
import { addressKey } from './webhook-limits';

const m = messages.engine;
const proxy = '10.0.0.2';

const webhookFlow = (params: Record<string, unknown> = {}, ...rest: Step[]) =>
  chain(
    { type: 'core_webhook_trigger', params: { method: 'POST', path: 'in', ...params } },
    ...rest,
  );

/** A webhook call from `client`, through the trusted proxy. */
const callFrom = (t: TestContext, flowId: string, client: string, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/engine/webhook/${flowId}/in`,
    remoteAddress: proxy,
    headers: { 'x-forwarded-for': client, ...headers },
    payload: { n: 1 },
  });

describe('public webhook rate limits (per address, per flow)', () => {
  const throttled: ThrottledEvent[] = [];
  const t = useTestApp('embedded', {
    trustProxy: ['10.0.0.0/8'],
    webhookRateLimit: { perAddress: 5, perFlow: 8 },
    security: { onThrottled: (event) => throttled.push(event) },
  });

  it('answers 429 with Retry-After and a pt-BR message past the limit of an address', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, webhookFlow());
    for (let i = 0; i < 5; i++)
      expect((await callFrom(t, flowId, '203.0.113.1')).statusCode).toBe(202);
    const refused = await callFrom(t, flowId, '203.0.113.1');
    expect(refused.statusCode).toBe(429);
    // 5 per minute: a call every 12 s, less the time the calls above took.
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(12);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'rate_limited',
      message: m.webhookRateLimitedAddress(wait),
    });
    expect(throttled).toContainEqual({
      kind: 'webhook_rate_limit',
      limit: 'address',
      address: '203.0.113.1',
      flowId,
      retryAfterSeconds: wait,
    });

    // Another client of the same flow goes on, up to the flow's own limit (8 per minute).
    for (let i = 0; i < 3; i++)
      expect((await callFrom(t, flowId, '198.51.100.7')).statusCode).toBe(202);
    const flowRefused = await callFrom(t, flowId, '198.51.100.8');
    expect(flowRefused.statusCode).toBe(429);
    const flowWait = Number(flowRefused.headers['retry-after']);
    expect(flowWait).toBeGreaterThanOrEqual(1);
    expect(flowWait).toBeLessThanOrEqual(8);
    expect(flowRefused.json().message).toBe(m.webhookRateLimitedFlow(flowWait));
    expect(throttled).toContainEqual({
      kind: 'webhook_rate_limit',
      limit: 'flow',
      address: '198.51.100.8',
      flowId,
      workspaceId: account.workspaceId,
      retryAfterSeconds: flowWait,
    });

    // Another workspace's flow, from another client, is untouched.
    const other = await t.createAccount();
    const otherFlow = await createFlow(t, other, webhookFlow());
    expect((await callFrom(t, otherFlow, '198.51.100.9')).statusCode).toBe(202);
  });

  it('counts callers that fail the auth against their address, never against the flow', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      webhookFlow({ auth: 'header', auth_header_name: 'X-Segredo', auth_header_value: 'abc' }),
    );
    for (let i = 0; i < 20; i++) {
      const stranger = await callFrom(t, flowId, `192.0.2.${i}`, { 'x-segredo': 'errado' });
      expect(stranger.statusCode).toBe(401);
    }
    const owner = await callFrom(t, flowId, '198.51.100.20', { 'x-segredo': 'abc' });
    expect(owner.statusCode).toBe(202);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, webhookFlow());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/engine/webhook/${flowId}/in`,
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': `198.18.0.${i}` },
        payload: {},
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::9'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
