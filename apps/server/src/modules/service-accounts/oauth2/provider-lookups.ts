import type { HttpPort, HttpResponse } from '@ponte/engine/ports';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import type {
  LookupList,
  TrelloCustomFieldList,
} from '@ponte/shared/service-accounts-oauth.schema';
import type { OAuthProvidersConfig } from './oauth2.config';
import { AppError, notFound } from '../../../lib/app-error';
import type { DecryptedAccount, OAuthAccountStore } from './oauth-account-store';
import type { OAuthClients } from './oauth-clients';
import { OAuth2Error } from './oauth2-client';
import { notConfigured } from './providers';
import type { AccessTokens, ProviderProbe } from './token-source';

const m = messages.serviceAccountsOauth;
const lookupTimeoutMs = 30_000;
/** Slack pages of channels read at most (1000 each). */
const slackMaxPages = 5;

type Json = Record<string, unknown>;

const refusedBy = (provider: string, reason: string) =>
  new AppError(400, errorCodes.oauthRefused, m.lookupRefused(provider, reason.slice(0, 300)));

function jsonOf(response: HttpResponse): unknown {
  try {
    return JSON.parse(Buffer.from(response.body).toString('utf8'));
  } catch {
    return null;
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));

/** What a call to a provider's API needs: the guarded port and the providers' addresses. */
interface ProviderApi {
  http: HttpPort;
  providers: OAuthProvidersConfig;
  /** The client each account was authorised with (docs/adr/0093); else the environment's. */
  clients?: Pick<OAuthClients, 'forAccount'>;
}

/** The configuration whose Trello key issued the account's token. */
async function configOf(deps: ProviderApi, workspaceId: string, account: DecryptedAccount) {
  if (!deps.clients) return deps.providers;
  try {
    return await deps.clients.forAccount(workspaceId, account);
  } catch (error) {
    if (error instanceof OAuth2Error)
      throw new AppError(400, errorCodes.providerNotConfigured, error.message);
    throw error;
  }
}

export interface ProviderLookupsOptions extends ProviderApi {
  store: OAuthAccountStore;
  tokens: AccessTokens;
}

/** A GET to a provider's API through the guarded port; a failure is a pt-BR 400. */
async function get(
  { http, providers }: ProviderApi,
  url: string,
  headers: Record<string, string> = {},
) {
  try {
    return await http.request({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...headers },
      timeoutMs: lookupTimeoutMs,
      signal: AbortSignal.timeout(lookupTimeoutMs),
    });
  } catch (error) {
    throw refusedBy(
      url.includes(providers.slack.url) ? 'Slack' : 'Trello',
      (error as Error).message,
    );
  }
}

/** The account of the workspace, of the lookup's type. */
async function accountOf(
  { store }: ProviderLookupsOptions,
  workspaceId: string,
  id: string,
  type: string,
  provider: string,
) {
  const account = await store.getDecrypted(workspaceId, id);
  if (!account) throw notFound(messages.serviceAccounts.notFound);
  if (account.type !== type)
    throw new AppError(400, errorCodes.validation, m.lookupWrongType(provider));
  return account;
}

/** A Trello API call with the key and the account's token in the query (Trello's way). */
async function trello(
  deps: ProviderApi,
  workspaceId: string,
  account: DecryptedAccount,
  path: string,
  query: Record<string, string>,
) {
  const providers = await configOf(deps, workspaceId, account);
  const apiKey = providers.trello.apiKey;
  if (!apiKey) throw notConfigured('trello_oauth2');
  const token = typeof account.data.access_token === 'string' ? account.data.access_token : '';
  if (!token) throw new AppError(400, errorCodes.validation, m.notAuthorized);
  const url = new URL(`${providers.trello.apiUrl}${path}`);
  for (const [key, value] of Object.entries({ ...query, key: apiKey, token }))
    url.searchParams.set(key, value);
  const response = await get(deps, url.toString());
  const body = jsonOf(response);
  if (response.status >= 400) {
    const reason = typeof body === 'string' ? body : Buffer.from(response.body).toString('utf8');
    throw refusedBy('Trello', reason.split(token).join('***').split(apiKey).join('***'));
  }
  return body;
}

/** A Slack Web API call with the account's token; `invalid_auth` refreshes once and retries. */
async function slack(
  deps: ProviderApi & { tokens: AccessTokens },
  workspaceId: string,
  id: string,
  method: string,
  query: URLSearchParams,
) {
  const { tokens, providers } = deps;
  const call = async (force: boolean) => {
    const token = await tokens.accessToken(workspaceId, id, {
      force,
      signal: AbortSignal.timeout(lookupTimeoutMs),
    });
    const response = await get(deps, `${providers.slack.url}/api/${method}?${query.toString()}`, {
      authorization: `Bearer ${token}`,
    });
    return (jsonOf(response) ?? {}) as Json;
  };
  let body = await call(false);
  // A token revoked or rotated early: one forced refresh, then the answer stands.
  if (body.ok !== true && (body.error === 'invalid_auth' || body.error === 'token_expired'))
    body = await call(true);
  if (body.ok !== true) throw refusedBy('Slack', str(body.error || 'resposta inválida'));
  return body;
}

/**
 * 'Testar conexão' of a Trello or Slack account without a token grant: who the token belongs
 * to. Built from the HTTP port and the providers only; the token source hands itself over.
 */
export function createProviderProbe(api: ProviderApi): ProviderProbe {
  return async (workspaceId, account, tokens) => {
    if (account.type === 'trello_oauth2') {
      await trello(api, workspaceId, account, '/1/members/me', { fields: 'username' });
    } else if (account.type === 'slack_oauth2') {
      await slack({ ...api, tokens }, workspaceId, account._id, 'auth.test', new URLSearchParams());
    }
  };
}

/**
 * The helper lookups of spec 2 §7 (Trello boards, lists and custom fields; Slack channels)
 * through the guarded HTTP port with the account's token.
 */
export function createProviderLookups(deps: ProviderLookupsOptions) {
  const list = (items: { id: string; name: string }[]): LookupList => ({
    items,
    total: items.length,
  });
  const named = (value: unknown) =>
    (Array.isArray(value) ? (value as Json[]) : []).map((item) => ({
      id: str(item.id),
      name: str(item.name),
    }));

  return {
    async trelloBoards(workspaceId: string, id: string): Promise<LookupList> {
      const account = await accountOf(deps, workspaceId, id, 'trello_oauth2', 'Trello (OAuth)');
      return list(
        named(
          await trello(deps, workspaceId, account, '/1/members/me/boards', {
            fields: 'name',
            filter: 'open',
          }),
        ),
      );
    },
    async trelloLists(workspaceId: string, id: string, boardId: string): Promise<LookupList> {
      const account = await accountOf(deps, workspaceId, id, 'trello_oauth2', 'Trello (OAuth)');
      const path = `/1/boards/${encodeURIComponent(boardId)}/lists`;
      return list(
        named(await trello(deps, workspaceId, account, path, { fields: 'name', filter: 'open' })),
      );
    },
    async trelloCustomFields(
      workspaceId: string,
      id: string,
      boardId: string,
    ): Promise<TrelloCustomFieldList> {
      const account = await accountOf(deps, workspaceId, id, 'trello_oauth2', 'Trello (OAuth)');
      const path = `/1/boards/${encodeURIComponent(boardId)}/customFields`;
      const fields = await trello(deps, workspaceId, account, path, {});
      const items = (Array.isArray(fields) ? (fields as Json[]) : []).map((field) => ({
        id: str(field.id),
        name: str(field.name),
        type: str(field.type),
        ...(Array.isArray(field.options)
          ? {
              options: (field.options as Json[]).map((option) => ({
                id: str(option.id),
                value: str((option.value as Json | undefined)?.text),
              })),
            }
          : {}),
      }));
      return { items, total: items.length };
    },
    async slackChannels(workspaceId: string, id: string): Promise<LookupList> {
      await accountOf(deps, workspaceId, id, 'slack_oauth2', 'Slack (OAuth2)');
      const items: { id: string; name: string }[] = [];
      let cursor = '';
      for (let page = 0; page < slackMaxPages; page++) {
        const query = new URLSearchParams({
          types: 'public_channel,private_channel',
          exclude_archived: 'true',
          limit: '1000',
        });
        if (cursor) query.set('cursor', cursor);
        const body = await slack(deps, workspaceId, id, 'conversations.list', query);
        items.push(...named(body.channels));
        cursor = str((body.response_metadata as Json | undefined)?.next_cursor);
        if (!cursor) break;
      }
      return list(items);
    },
  };
}

export type ProviderLookups = ReturnType<typeof createProviderLookups>;
