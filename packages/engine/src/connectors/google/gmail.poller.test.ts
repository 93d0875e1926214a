import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../testing/fake-ports';
import { gmailPoller } from './gmail.poller';
import { googleErrorBody, googlePorts } from './google-test-ports';

// Answers as the Gmail API reference documents them: `users.messages.list` gives ids newest
// first, `q` takes the search box's syntax with `after:<epoch seconds>`, a page holds at most
// `maxResults` with `nextPageToken` (https://developers.google.com/gmail/api/reference/rest/v1/users.messages/list);
// `users.messages.get` gives the message with its `internalDate` in ms
// (https://developers.google.com/gmail/api/reference/rest/v1/users.messages/get).

interface Mail {
  id: string;
  internalDate: string;
  subject: string;
}

/** A mailbox answering list (pages of 2) and get, as Gmail does. */
function mailbox() {
  const ports = googlePorts();
  const mails: Mail[] = [];
  ports.httpHandler = (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace('/gmail/v1/users/me/', '');
    if (path === 'messages') {
      const q = url.searchParams.get('q') ?? '';
      const after = /after:(\d+)/.exec(q);
      const words = q.replace(/after:\d+|[()]/g, '').trim();
      const matching = mails
        .filter((m) => !after || Number(m.internalDate) > Number(after[1]) * 1000)
        .filter((m) => !words || m.subject.includes(words))
        .sort((a, b) => Number(b.internalDate) - Number(a.internalDate));
      const from = Number(url.searchParams.get('pageToken') ?? 0);
      const size = Math.min(Number(url.searchParams.get('maxResults')), 2);
      const page = matching.slice(from, from + size);
      return jsonResponse(200, {
        messages: page.map((m) => ({ id: m.id, threadId: m.id })),
        ...(from + size < matching.length ? { nextPageToken: String(from + size) } : {}),
      });
    }
    const mail = mails.find((m) => m.id === decodeURIComponent(path.slice('messages/'.length)));
    if (!mail) return jsonResponse(404, googleErrorBody(404, 'NOT_FOUND', 'notFound', 'Not Found'));
    return jsonResponse(200, {
      id: mail.id,
      threadId: mail.id,
      internalDate: mail.internalDate,
      payload: { mimeType: 'text/plain', headers: [{ name: 'Subject', value: mail.subject }] },
    });
  };
  const add = (id: string, at: string, subject: string) =>
    mails.push({ id, internalDate: String(Date.parse(at)), subject });
  return { ports, add };
}

const poll = (
  ports: ReturnType<typeof googlePorts>,
  cursor: unknown,
  params: Record<string, unknown> = {},
) =>
  gmailPoller.poller!.poll({
    accountId: 'google',
    params: { service_account: 'google', ...params },
    cursor,
    ports,
    scope: { workspaceId: 'ws-1', flowId: 'flow-1', executionId: '' },
    signal: new AbortController().signal,
  });

describe('svc_gmail_poll', () => {
  it('records the newest e-mail on the first poll, then gives only the new ones, oldest first', async () => {
    const { ports, add } = mailbox();
    add('m1', '2026-03-02T10:00:00.000Z', 'Pedido 1');
    add('m2', '2026-03-02T10:05:00.000Z', 'Pedido 2');

    const first = await poll(ports, null, { query: 'Pedido' });
    expect(first.events).toEqual([]);
    expect(first.cursor).toEqual({ received: Date.parse('2026-03-02T10:05:00.000Z'), ids: ['m2'] });
    expect(ports.httpCalls[0]!.headers?.authorization).toBe('Bearer ya29.token-google');

    // Three arrive, one of them in the same second as the last one seen.
    add('m5', '2026-03-02T10:09:00.000Z', 'Pedido 5');
    add('m3', '2026-03-02T10:05:00.400Z', 'Pedido 3');
    add('m4', '2026-03-02T10:07:00.000Z', 'Pedido 4');
    add('x1', '2026-03-02T10:08:00.000Z', 'Boleto');
    ports.httpCalls.length = 0;
    const second = await poll(ports, first.cursor, { query: 'Pedido' });
    const q = new URL(ports.httpCalls[0]!.url).searchParams.get('q');
    expect(q).toBe(`(Pedido) after:${Date.parse('2026-03-02T10:05:00.000Z') / 1000 - 1}`);
    expect(second.events.map((e) => [e.event, e.key])).toEqual([
      ['message_received', 'm3'],
      ['message_received', 'm4'],
      ['message_received', 'm5'],
    ]);
    expect(second.events[0]!.payload).toMatchObject({ id: 'm3', subject: 'Pedido 3' });
    expect(second.cursor).toEqual({
      received: Date.parse('2026-03-02T10:09:00.000Z'),
      ids: ['m5'],
    });

    const third = await poll(ports, second.cursor, { query: 'Pedido' });
    expect(third.events).toEqual([]);
    expect(third.cursor).toEqual(second.cursor);
  });

  it('starts from an empty mailbox: the first e-mail to arrive is new', async () => {
    const { ports, add } = mailbox();
    const first = await poll(ports, null);
    expect(first).toMatchObject({ events: [], cursor: { received: 0, ids: [] } });
    add('m1', '2026-03-02T10:00:00.000Z', 'Olá');
    const second = await poll(ports, first.cursor);
    expect(second.events.map((e) => e.key)).toEqual(['m1']);
  });

  it("says Gmail's refusal in pt-BR", async () => {
    const { ports } = mailbox();
    ports.httpHandler = () =>
      jsonResponse(
        401,
        googleErrorBody(401, 'UNAUTHENTICATED', 'authError', 'Invalid Credentials'),
      );
    await expect(poll(ports, { received: 0, ids: [] })).rejects.toThrow(
      'O Google recusou o acesso da conta de serviço ao Gmail: autorize a conta de novo.',
    );
  });
});
