import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HookDelivery } from '../kit/define-connector-trigger';
import type { ServiceAccount } from '../../ports';
import { slackTrigger } from './slack.trigger';

// Deliveries as Slack documents them: the signature of
// https://api.slack.com/authentication/verifying-requests-from-slack, the url_verification and
// event_callback bodies of https://api.slack.com/apis/events-api and the events of
// https://api.slack.com/events/message, .../app_mention and .../reaction_added.
const hook = slackTrigger.serviceHook!;
const account: ServiceAccount = {
  _id: 'slack',
  name: 'Slack da loja',
  type: 'slack_oauth2',
  data: { access_token: 'xoxb-1', signing_secret: '8f742231b10e8888abcd99yyyzzz85a5' },
};
const now = new Date('2026-11-29T03:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);

function sign(body: string, timestamp = seconds, secret = '8f742231b10e8888abcd99yyyzzz85a5') {
  const hex = createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
  return `v0=${hex}`;
}
function delivery(body: string, headers: Record<string, string> = {}): HookDelivery {
  return {
    method: 'POST',
    headers: {
      'x-slack-request-timestamp': String(seconds),
      'x-slack-signature': sign(body),
      ...headers,
    },
    query: {},
    rawBody: Buffer.from(body),
    receivedAt: now,
  };
}
const callback = (event: Record<string, unknown>, id = 'Ev0PV52K21') => ({
  token: 'XXYYZZ',
  team_id: 'T0001',
  api_app_id: 'A0001',
  event,
  type: 'event_callback',
  event_id: id,
  event_time: 1_700_000_000,
});

describe('svc_slack_trigger', () => {
  it('accepts a delivery signed with the signing secret within 5 minutes and refuses others', () => {
    const body = JSON.stringify(callback({ type: 'message', channel: 'C1', text: 'oi' }));
    expect(hook.verify(delivery(body), account)).toBe(true);
    expect(hook.verify(delivery(`${body} `, { 'x-slack-signature': sign(body) }), account)).toBe(
      false,
    );
    expect(
      hook.verify(delivery(body, { 'x-slack-signature': sign(body, seconds, 'outro') }), account),
    ).toBe(false);
    const old = seconds - 301;
    expect(
      hook.verify(
        delivery(body, {
          'x-slack-request-timestamp': String(old),
          'x-slack-signature': sign(body, old),
        }),
        account,
      ),
    ).toBe(false);
    const within = seconds + 299;
    expect(
      hook.verify(
        delivery(body, {
          'x-slack-request-timestamp': String(within),
          'x-slack-signature': sign(body, within),
        }),
        account,
      ),
    ).toBe(true);
    expect(hook.verify(delivery(body, { 'x-slack-signature': '' }), account)).toBe(false);
    const without = { ...account, data: { access_token: 'xoxb-1' } };
    expect(hook.verify(delivery(body), without)).toBe(
      'A conta "Slack da loja" não tem o signing secret do app do Slack para conferir a assinatura.',
    );
  });

  it('answers the url_verification challenge only when it is signed', () => {
    const body = JSON.stringify({
      token: 'Jhj5dZrVaK7ZwHHjRyZWjbDl',
      challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
      type: 'url_verification',
    });
    expect(hook.handshake!(delivery(body), account)).toEqual({
      status: 200,
      body: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
    });
    // Unsigned: not a handshake, so the signature check refuses it with 401.
    const forged = delivery(body, { 'x-slack-signature': sign(body, seconds, 'outro') });
    expect(hook.handshake!(forged, account)).toBeUndefined();
    expect(hook.verify(forged, account)).toBe(false);
    const event = JSON.stringify(callback({ type: 'app_mention', channel: 'C1' }));
    expect(hook.handshake!(delivery(event), account)).toBeUndefined();
  });

  it('gives one event per callback, without bot messages and noise subtypes, keyed by event_id', () => {
    const events = (event: Record<string, unknown>, params: Record<string, unknown> = {}) =>
      hook.events(callback(event), account, params);
    expect(events({ type: 'message', channel: 'C1', user: 'U1', text: 'oi', ts: '1.2' })).toEqual([
      {
        event: 'message',
        key: 'Ev0PV52K21',
        payload: {
          type: 'message',
          channel: 'C1',
          user: 'U1',
          text: 'oi',
          ts: '1.2',
          event_id: 'Ev0PV52K21',
          event_time: 1_700_000_000,
          team_id: 'T0001',
        },
      },
    ]);
    expect(events({ type: 'message', subtype: 'file_share', channel: 'C1' })).toHaveLength(1);
    expect(events({ type: 'message', subtype: 'thread_broadcast', channel: 'C1' })).toHaveLength(1);
    for (const subtype of ['bot_message', 'message_changed', 'message_deleted', 'channel_join'])
      expect(events({ type: 'message', subtype, channel: 'C1' }), subtype).toEqual([]);
    expect(events({ type: 'message', bot_id: 'B1', channel: 'C1', text: 'eco' })).toEqual([]);
    expect(events({ type: 'app_mention', channel: 'C1', text: '<@U0> oi' })[0]!.event).toBe(
      'app_mention',
    );
    const reaction = {
      type: 'reaction_added',
      user: 'U1',
      reaction: 'thumbsup',
      item: { type: 'message', channel: 'C2', ts: '1.2' },
    };
    expect(events(reaction)[0]!.event).toBe('reaction_added');
    expect(events({ type: 'team_join', user: {} })).toEqual([]);
    expect(hook.events({ type: 'url_verification' }, account, {})).toEqual([]);
  });

  it("keeps only the events of the node's 'Canal' when it is set", () => {
    const params = { channel: 'C2' };
    expect(hook.events(callback({ type: 'message', channel: 'C1' }), account, params)).toEqual([]);
    expect(hook.events(callback({ type: 'message', channel: 'C2' }), account, params)).toHaveLength(
      1,
    );
    const reaction = { type: 'reaction_added', item: { channel: 'C2' } };
    expect(hook.events(callback(reaction), account, params)).toHaveLength(1);
    expect(slackTrigger.manifest.params.channel).toMatchObject({
      label: 'Canal',
      lookup: { name: 'channels' },
    });
    expect(slackTrigger.manifest.params.events).toMatchObject({
      options: [
        { value: 'all', label: 'Todos' },
        { value: 'message', label: 'Mensagens' },
        { value: 'app_mention', label: 'Menções ao app' },
        { value: 'reaction_added', label: 'Reações' },
      ],
    });
    expect(slackTrigger.lookupOptions).toBeTypeOf('function');
  });
});
