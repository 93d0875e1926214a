import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultOAuthProviders,
  type OAuthProvidersConfig,
} from '../service-accounts/oauth2/oauth2.config';
import { chain, createFlow, executionsOf, finished } from '../../test/flow-fixtures';
import { startGoogleStandIn, type GoogleStandIn } from '../../test/stand-ins/google-workspace-apis';
import {
  googleAccount,
  pollCursorOf,
  pollFailed,
  pollFailureLines,
  polled,
} from '../../test/poll-fixtures';
import { useTestApp } from '../../test/test-app';
import { createManualClock } from './timer-clock';

// Google is never reached: a stand-in of Gmail API v1's `users.messages.list` (`q` with
// `after:`, newest first; https://developers.google.com/gmail/api/reference/rest/v1/users.messages/list)
// and `users.messages.get` answers on 127.0.0.11, opened to the network guard. The account is
// authorised through the server as a person would. The polls' clock moves by hand.
let google: GoogleStandIn;
const providers: OAuthProvidersConfig = structuredClone(defaultOAuthProviders);
beforeAll(async () => {
  google = await startGoogleStandIn('127.0.0.11');
  providers.google = {
    authUrl: `${google.url}/o/oauth2/v2/auth`,
    tokenUrl: `${google.url}/token`,
    apiUrl: google.url,
    client: { clientId: 'google-id', clientSecret: 'google-secret' },
  };
});
afterAll(() => google.close());

const mail = (id: string, at: string, subject: string) => ({
  id,
  threadId: id,
  internalDate: String(Date.parse(at)),
  snippet: subject,
  payload: { mimeType: 'text/plain', headers: [{ name: 'Subject', value: subject }] },
});

describe("Gmail's 'Novo e-mail' polling trigger", () => {
  const clock = createManualClock(Date.parse('2026-11-23T12:00:00.000Z'));
  const t = useTestApp('embedded', {
    httpAllowedNetworks: ['127.0.0.11/32'],
    oauthProviders: providers,
    triggerClock: clock,
  });

  it('records where the mailbox is, then starts one execution per new e-mail; a failed poll is logged and the next one goes on', async () => {
    const owner = await t.createAccount();
    const account = await googleAccount(t, owner, google.url);
    google.messages.set('m1', mail('m1', '2026-11-23T11:00:00.000Z', 'Pedido 1'));
    const flowId = await createFlow(
      t,
      owner,
      chain(
        {
          type: 'svc_gmail_poll',
          uid: 'gmail',
          params: { service_account: account, query: 'Pedido' },
        },
        { type: 'core_log', params: { label: 'E-mail', message: '{{ msg.payload.subject }}' } },
      ),
    );

    // 12:05, the first poll: it only records the newest e-mail, nothing starts.
    await clock.advance(5 * 60_000);
    const first = await polled(t, flowId);
    expect(first.cursor).toEqual({ received: Date.parse('2026-11-23T11:00:00.000Z'), ids: ['m1'] });
    expect(await executionsOf(t, flowId)).toHaveLength(0);

    // An e-mail arrives; at 12:10 it starts the flow, with the e-mail as msg.payload.
    google.messages.set('m2', mail('m2', '2026-11-23T12:07:00.000Z', 'Pedido 2'));
    google.messages.set('x1', mail('x1', '2026-11-23T12:08:00.000Z', 'Boleto'));
    await clock.advance(5 * 60_000);
    const [execution] = await finished(t, flowId);
    expect(execution).toMatchObject({ status: 'success', triggerNodeUid: 'gmail' });
    expect(execution!.triggerMsg).toMatchObject({
      event: 'message_received',
      payload: { id: 'm2', subject: 'Pedido 2' },
    });
    expect((await pollCursorOf(t, flowId))!.cursor).toEqual({
      received: Date.parse('2026-11-23T12:07:00.000Z'),
      ids: ['m2'],
    });

    // 12:15: Gmail is down. A line in the flow's logs, the cursor kept.
    google.failNext(1);
    await clock.advance(5 * 60_000);
    const failed = await pollFailed(t, flowId);
    expect(failed.cursor).toEqual({
      received: Date.parse('2026-11-23T12:07:00.000Z'),
      ids: ['m2'],
    });
    expect(await pollFailureLines(t, flowId)).toEqual([
      'O gatilho "Gmail: novo e-mail" não conseguiu consultar o serviço: O Gmail recusou a chamada: Backend Error. A próxima consulta tenta de novo.',
    ]);

    // 12:20: the next poll goes on from where the last good one stopped.
    google.messages.set('m3', mail('m3', '2026-11-23T12:16:00.000Z', 'Pedido 3'));
    await clock.advance(5 * 60_000);
    const runs = await finished(t, flowId, 2);
    expect(
      runs.map((run) => (run.triggerMsg as { payload: { id: string } }).payload.id).sort(),
    ).toEqual(['m2', 'm3']);
    expect((await pollCursorOf(t, flowId))!.lastError).toBeNull();
  });
});
