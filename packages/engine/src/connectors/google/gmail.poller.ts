import { defineConnectorPoller, type PollerContext } from '../kit/define-connector-poller';
import { gmailQueryParam, gmailService } from './gmail.connector';
import { readableMessage } from './gmail-message';

/**
 * Gmail's 'Novo e-mail' by polling (docs/adr/0091): `users.messages.list` with the node's
 * search and `after:` the newest message seen
 * (https://developers.google.com/gmail/api/reference/rest/v1/users.messages/list), each new
 * one read with `users.messages.get` (its `internalDate`, the time Gmail received it).
 */

const user = 'gmail/v1/users/me';

/** The newest `internalDate` seen (ms) and the ids received at that very ms. */
export interface GmailCursor {
  received: number;
  ids: string[];
}

/** Pages of 100 ids a poll reads at most: past them, the oldest new messages are not seen. */
export const gmailPollPages = 10;

interface Listed {
  messages?: { id: string }[];
  nextPageToken?: string;
}

interface GmailMessage {
  id?: string;
  internalDate?: string;
}

const searchOf = (params: Record<string, unknown>) =>
  typeof params.query === 'string' ? params.query.trim() : '';

const list = (context: PollerContext, q: string, maxResults: number, pageToken?: string) =>
  context.call({
    method: 'GET',
    path: `${user}/messages`,
    query: { q: q || undefined, maxResults, pageToken },
  });

const get = async (context: PollerContext, id: string) =>
  (
    await context.call({
      method: 'GET',
      path: `${user}/messages/${encodeURIComponent(id)}`,
      query: { format: 'full' },
    })
  ).body as GmailMessage;

/** Where the mailbox is now: its newest message matching the search, or nothing yet. */
async function firstCursor(context: PollerContext): Promise<GmailCursor> {
  const listed = (await list(context, searchOf(context.params), 1)).body as Listed;
  const newest = listed.messages?.[0];
  if (!newest) return { received: 0, ids: [] };
  const message = await get(context, newest.id);
  return { received: Number(message.internalDate) || 0, ids: [newest.id] };
}

/** The ids Gmail lists for the search after the cursor's second, newest first. */
async function idsSince(context: PollerContext, cursor: GmailCursor): Promise<string[]> {
  const search = searchOf(context.params);
  // `after:` takes seconds: the cursor's own second is asked again, then filtered by the ms.
  const after = `after:${Math.max(0, Math.floor(cursor.received / 1000) - 1)}`;
  const q = search ? `(${search}) ${after}` : after;
  const ids: string[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < gmailPollPages; page++) {
    const listed = (await list(context, q, 100, pageToken)).body as Listed;
    ids.push(...(listed.messages ?? []).map((message) => message.id));
    pageToken = listed.nextPageToken;
    if (!pageToken) break;
  }
  return ids;
}

export const gmailPoller = defineConnectorPoller({
  connector: gmailService,
  label: 'Gmail: novo e-mail',
  description:
    'Inicia o flow a cada e-mail novo na conta Google (que atenda à busca), consultando o Gmail de tempos em tempos.',
  icon: 'brand-gmail',
  event: 'message_received',
  params: { query: gmailQueryParam },
  async poll(context) {
    if (!context.cursor) return { events: [], cursor: await firstCursor(context) };
    const cursor = context.cursor as GmailCursor;
    const seen = new Set(cursor.ids);
    const found: { received: number; message: GmailMessage }[] = [];
    for (const id of await idsSince(context, cursor)) {
      if (seen.has(id)) continue;
      const message = await get(context, id);
      const received = Number(message.internalDate) || 0;
      if (received >= cursor.received) found.push({ received, message });
    }
    found.sort((a, b) => a.received - b.received);
    const newest = found.at(-1)?.received ?? cursor.received;
    const ids = found.filter((f) => f.received === newest).map((f) => String(f.message.id));
    return {
      events: found.map(({ message }) => ({
        event: 'message_received',
        payload: readableMessage(message),
        key: String(message.id),
      })),
      cursor: { received: newest, ids: newest === cursor.received ? [...seen, ...ids] : ids },
    };
  },
});
