import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import {
  defaultOAuthProviders,
  type OAuthProvidersConfig,
} from '../service-accounts/oauth2/oauth2.config';
import { finishFromCallback } from '../../test/oauth2-callback';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { startGoogleStandIn, type GoogleStandIn } from '../../test/stand-ins/google-workspace-apis';
import { useTestApp, type TestAccount } from '../../test/test-app';

// Google is never reached: a stand-in of its documented OAuth 2.0, Gmail API v1 and Calendar
// API v3 contracts (https://developers.google.com/gmail/api/reference/rest,
// https://developers.google.com/calendar/api/v3/reference) answers on 127.0.0.11, opened to
// the network guard. The account is authorised through the server as a person would.
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

describe('the Gmail and Google Calendar connectors, through an authorised Google account', () => {
  const t = useTestApp('embedded', {
    httpAllowedNetworks: ['127.0.0.11/32'],
    oauthProviders: providers,
  });

  /** A Google account whose 'URL da API' is the stand-in, authorised at its consent page. */
  async function googleAccount(owner: TestAccount) {
    const api = t.request(owner.token);
    const created = await api.post('/api/v1/service-accounts', {
      name: `Google ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'google_oauth2',
      google_oauth2: { api_url: google.url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    const answer = await api.post(`/account/v1/service-accounts/oauth2/authorize/${id}`, {
      service_account_id: id,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const consent = await fetch(answer.json().authorize_url as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const returned = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    const finishedAuth = await finishFromCallback(
      api,
      id,
      new URL(returned.headers.location as string),
    );
    expect(finishedAuth.statusCode, finishedAuth.body).toBe(200);
    return id;
  }

  /** Saves manual trigger → the node with these params, runs it, and gives the node's run. */
  async function run(owner: TestAccount, type: string, params: Record<string, unknown>) {
    const flowId = await createFlow(
      t,
      owner,
      chain({ type: 'core_manual_trigger' }, { type, uid: 'google', params }),
    );
    const api = t.request(owner.token);
    const started = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(started.statusCode, started.body).toBe(200);
    const [execution] = await finished(t, flowId);
    const data = (
      await api.get(`/api/v1/monitoring/executions/${execution!.id}/data`)
    ).json() as ExecutionData;
    const node = (
      await api.get(`/api/v1/monitoring/executions/${execution!.id}/data/google`)
    ).json() as NodeData;
    return {
      execution: execution!,
      summary: data.nodes.find((n) => n.node_uid === 'google'),
      payload: node.runs[0]?.outputs[0]?.msg?.payload,
    };
  }

  it('sends an e-mail with a pt-BR subject, then finds it across pages after a 429', async () => {
    const owner = await t.createAccount();
    const account = await googleAccount(owner);
    const sentNow = await run(owner, 'svc_gmail', {
      service_account: account,
      operation: 'send',
      to: 'Ana Araújo <ana@exemplo.com.br>',
      subject: 'Cotação de março',
      text: 'Olá, segue a cotação.',
    });
    expect(sentNow.execution.status).toBe('success');
    expect(google.calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/gmail/v1/users/me/messages/send',
      authorization: `Bearer ${google.accessToken}`,
    });
    const message = google.sent.at(-1)!;
    expect(message).toContain('Subject: =?UTF-8?B?');
    expect(message).toContain(Buffer.from('Olá, segue a cotação.').toString('base64'));
    expect(sentNow.payload).toEqual({
      id: expect.any(String),
      threadId: expect.any(String),
      labelIds: ['SENT'],
    });

    for (let n = 1; n <= 5; n++)
      google.messages.set(`m${n}`, { id: `m${n}`, threadId: `t${n}`, snippet: `pedido ${n}` });
    const before = google.calls.length;
    google.limitNext(1);
    const found = await run(owner, 'svc_gmail', {
      service_account: account,
      operation: 'search',
      query: 'pedido',
      return_all: true,
    });
    expect(found.execution.status).toBe('success');
    expect(google.calls.slice(before).map((call) => call.url)).toEqual([
      '/gmail/v1/users/me/messages?q=pedido&maxResults=100',
      '/gmail/v1/users/me/messages?q=pedido&maxResults=100',
      '/gmail/v1/users/me/messages?q=pedido&maxResults=100&pageToken=2',
      '/gmail/v1/users/me/messages?q=pedido&maxResults=100&pageToken=4',
    ]);
    expect(found.payload).toEqual([1, 2, 3, 4, 5].map((n) => ({ id: `m${n}`, threadId: `t${n}` })));
  });

  it('says in pt-BR that Gmail did not find the message, naming the field', async () => {
    const owner = await t.createAccount();
    const account = await googleAccount(owner);
    const { execution, summary } = await run(owner, 'svc_gmail', {
      service_account: account,
      operation: 'read',
      message_id: 'nao-existe',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toBe(
      'O Gmail recusou a chamada: o Gmail não encontrou o e-mail de "ID do e-mail" (Requested entity was not found.).',
    );
  });

  it('creates an event with a Google Meet and lists the events of June across pages', async () => {
    const owner = await t.createAccount();
    const account = await googleAccount(owner);
    const created = await run(owner, 'svc_google_calendar', {
      service_account: account,
      operation: 'create_event',
      summary: 'Reunião com fornecedor',
      start: '10/06/2026 14:00',
      end: '10/06/2026 15:00',
      attendees: 'ana@exemplo.com.br',
      google_meet: true,
    });
    expect(created.execution.status).toBe('success');
    const call = google.calls.at(-1)!;
    expect(call.url).toBe(
      '/calendar/v3/calendars/primary/events?conferenceDataVersion=1&sendUpdates=all',
    );
    expect(call.authorization).toBe(`Bearer ${google.accessToken}`);
    expect(call.body).toMatchObject({
      start: { dateTime: '2026-06-10T14:00:00', timeZone: 'America/Sao_Paulo' },
      attendees: [{ email: 'ana@exemplo.com.br' }],
    });
    expect(created.payload).toMatchObject({
      summary: 'Reunião com fornecedor',
      hangoutLink: 'https://meet.google.com/abc-defg-hij',
    });

    google.events.length = 0;
    for (let day = 1; day <= 6; day++) {
      const date = `2026-0${day === 6 ? 7 : 6}-0${day}`;
      google.events.push({
        id: `e${day}`,
        start: { dateTime: `${date}T09:00:00-03:00` },
        end: { dateTime: `${date}T10:00:00-03:00` },
      });
    }
    const listed = await run(owner, 'svc_google_calendar', {
      service_account: account,
      operation: 'list_events',
      time_min: '01/06/2026',
      time_max: '30/06/2026 23:59',
      return_all: true,
    });
    expect(listed.execution.status).toBe('success');
    expect((listed.payload as { id: string }[]).map((e) => e.id)).toEqual([
      'e1',
      'e2',
      'e3',
      'e4',
      'e5',
    ]);
    expect(
      google.calls.slice(-3).map((c) => new URL(c.url, google.url).searchParams.get('pageToken')),
    ).toEqual([null, '2', '4']);
  });

  it("says in pt-BR that the event's end comes before its start", async () => {
    const owner = await t.createAccount();
    const account = await googleAccount(owner);
    const { execution, summary } = await run(owner, 'svc_google_calendar', {
      service_account: account,
      operation: 'create_event',
      summary: 'Ao contrário',
      start: '10/06/2026 15:00',
      end: '10/06/2026 14:00',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toBe(
      'O Google Agenda recusou a chamada: o "Fim" vem antes do "Início" (The specified time range is empty.).',
    );
  });
});
