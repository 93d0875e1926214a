import { messages } from '@ponte/shared/messages';
import { isOauth2Type } from '@ponte/shared/service-accounts.schema';
import type { OAuthProvidersConfig } from './oauth2.config';
import type { DecryptedAccount, OAuthAccountStore } from './oauth-account-store';
import { OAuth2Error, type OAuth2Client, type TokenSet } from './oauth2-client';
import type { OAuthClients } from './oauth-clients';
import { planOf } from './providers';

const m = messages.serviceAccountsOauth;

/** A token expiring within this much is refreshed before it is handed out. */
export const refreshMarginMs = 60_000;
/** One shared refresh gives up after this long, whoever waits for it. */
const refreshTimeoutMs = 30_000;

/** A grant the provider refused: the account needs a new consent (its health says so). */
export class ReauthorizationRequiredError extends Error {
  override name = 'ReauthorizationRequiredError';
  readonly healthStatus = 'reauthorization_required' as const;
}

/** Fields a token answer writes: a provider that does not rotate keeps the old refresh token. */
export function tokenPatch(tokens: TokenSet, replaceRefresh: boolean): Record<string, unknown> {
  return {
    access_token: tokens.access_token,
    expires_at: tokens.expires_at,
    ...(tokens.refresh_token
      ? { refresh_token: tokens.refresh_token }
      : replaceRefresh
        ? { refresh_token: null }
        : {}),
  };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Rejects as soon as the caller's signal aborts, while the shared work goes on for others. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The token source's own `accessToken`, as a probe may ask it (Slack: a forced refresh). */
export interface AccessTokens {
  accessToken(
    workspaceId: string,
    id: string,
    options: { force?: boolean; signal: AbortSignal },
  ): Promise<string>;
}

/**
 * Calls the provider's API with the account's token (Trello, Slack): the test of an account
 * without a grant. It gets the token source itself, so it is built before it, from its own parts.
 */
export type ProviderProbe = (
  workspaceId: string,
  account: DecryptedAccount,
  tokens: AccessTokens,
) => Promise<void>;

export interface TokenSourceOptions {
  store: OAuthAccountStore;
  client: OAuth2Client;
  providers: OAuthProvidersConfig;
  now: () => Date;
  probe?: ProviderProbe;
  /** The client each account was authorised with (docs/adr/0093); else the environment's. */
  clients?: Pick<OAuthClients, 'forAccount'>;
}

/** The configuration an account's tokens are asked with (an OAuth2Error when its app is gone). */
const configOf = (options: TokenSourceOptions, workspaceId: string, account: DecryptedAccount) =>
  options.clients ? options.clients.forAccount(workspaceId, account) : options.providers;

/** The generic type's client_credentials grant, which asks a token without an authorisation. */
const isClientCredentials = (account: DecryptedAccount, providers: OAuthProvidersConfig) =>
  (account.type === 'oauth2' || (account.type === 'mcp' && account.data.auth === 'oauth2')) &&
  planOf(account, providers).kind === 'client_credentials';

/** True when `expires_at` is within `marginMs` of now (never for a token without expiry). */
function expiresSoon(data: Record<string, unknown>, marginMs: number, now: () => Date) {
  const at = text(data.expires_at);
  if (!at) return false;
  const time = Date.parse(at);
  return Number.isFinite(time) && time - now().getTime() <= marginMs;
}

/** A new token: client_credentials asks again, others refresh; null when there is no grant. */
async function requestTokens(
  options: TokenSourceOptions,
  workspaceId: string,
  account: DecryptedAccount,
  signal: AbortSignal,
) {
  const { client } = options;
  const plan = planOf(account, await configOf(options, workspaceId, account));
  if (plan.kind === 'client_credentials')
    return { tokens: await client.clientCredentials(plan.endpoint, plan.scope, signal), cc: true };
  const refreshToken = text(account.data.refresh_token);
  if (plan.kind === 'fragment_token' || !refreshToken) return null;
  return { tokens: await client.refresh(plan.endpoint, refreshToken, signal), cc: false };
}

async function markRefused(
  store: OAuthAccountStore,
  workspaceId: string,
  account: DecryptedAccount,
  reason: string,
) {
  const message = m.reauthorizationRequired(reason);
  await store.setHealth(workspaceId, account._id, { status: 'reauthorization_required', message });
  return new ReauthorizationRequiredError(message);
}

/** The account's configuration; an app gone since its authorisation marks it to reauthorise. */
async function configOrRefused(
  options: TokenSourceOptions,
  workspaceId: string,
  account: DecryptedAccount,
) {
  try {
    return await configOf(options, workspaceId, account);
  } catch (error) {
    if (!(error instanceof OAuth2Error)) throw error;
    throw await markRefused(options.store, workspaceId, account, error.message);
  }
}

/**
 * The access tokens of OAuth2 accounts (docs/adr/0026): handed out while they last, refreshed
 * (or asked again with client_credentials) when they expire within a minute or when a caller
 * forces it after a 401. Concurrent callers of one account share one refresh. A refused
 * refresh marks the account 'reauthorization_required' and rejects in pt-BR.
 */
export function createTokenSource(options: TokenSourceOptions) {
  const { store, providers, now, probe } = options;
  const inFlight = new Map<string, Promise<string>>();
  /** Forced asks per account being answered now, from before the account is read. */
  const forcing = new Map<string, Promise<string>>();

  async function refreshNow(workspaceId: string, account: DecryptedAccount): Promise<string> {
    const before = text(account.data.access_token);
    let answer: Awaited<ReturnType<typeof requestTokens>>;
    try {
      answer = await requestTokens(
        options,
        workspaceId,
        account,
        AbortSignal.timeout(refreshTimeoutMs),
      );
    } catch (error) {
      if (!(error instanceof OAuth2Error)) throw error;
      // Another process may have refreshed (and rotated the refresh token) meanwhile.
      const again = await store.getDecrypted(workspaceId, account._id);
      const current = text(again?.data.access_token);
      if (current && current !== before) return current;
      if (!error.refused) {
        await store.setHealth(workspaceId, account._id, {
          status: 'failed',
          message: error.message,
        });
        throw new Error(error.message);
      }
      throw await markRefused(store, workspaceId, account, error.message);
    }
    if (!answer) {
      if (!before) throw new Error(m.notAuthorized);
      throw await markRefused(store, workspaceId, account, m.refreshMissing);
    }
    await store.patchData(workspaceId, account._id, tokenPatch(answer.tokens, answer.cc));
    await store.setHealth(workspaceId, account._id, { status: 'ok', message: null });
    return answer.tokens.access_token;
  }

  /** One refresh per account at a time: whoever comes while it runs gets its answer. */
  function sharedRefresh(workspaceId: string, account: DecryptedAccount): Promise<string> {
    const key = `${workspaceId}:${account._id}`;
    let running = inFlight.get(key);
    if (!running) {
      running = refreshNow(workspaceId, account).finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    return running;
  }

  async function obtain(workspaceId: string, id: string, force: boolean): Promise<string> {
    const account = await load(workspaceId, id);
    const token = text(account.data.access_token);
    const pending = inFlight.get(`${workspaceId}:${id}`);
    if (pending) return pending;
    if (token && !force && !expiresSoon(account.data, refreshMarginMs, now)) return token;
    if (!token && !isClientCredentials(account, providers)) throw new Error(m.notAuthorized);
    return sharedRefresh(workspaceId, account);
  }

  async function load(workspaceId: string, id: string): Promise<DecryptedAccount> {
    const account = await store.getDecrypted(workspaceId, id);
    if (!account) throw new Error(messages.serviceAccounts.missingAccount);
    if (!isOauth2Type(account.type)) throw new Error(messages.serviceAccounts.notOauth2);
    return account;
  }

  /** The access token of an OAuth2 account, refreshed when it expires within 60 s or on `force`. */
  function accessToken(
    workspaceId: string,
    id: string,
    options: { force?: boolean; signal: AbortSignal },
  ): Promise<string> {
    if (!options.force) return untilAborted(obtain(workspaceId, id, false), options.signal);
    // Forced callers that arrive together (several requests answered 401 at once) share one
    // refresh from the start, before the account is even read.
    const key = `${workspaceId}:${id}`;
    let running = forcing.get(key);
    if (!running) {
      running = obtain(workspaceId, id, true).finally(() => forcing.delete(key));
      forcing.set(key, running);
    }
    return untilAborted(running, options.signal);
  }

  return {
    accessToken,
    /** The background pass: refreshes one account when it expires within `marginMs`. */
    async refreshIfExpiring(workspaceId: string, id: string, marginMs: number): Promise<boolean> {
      const account = await load(workspaceId, id);
      if (!text(account.data.access_token) || !expiresSoon(account.data, marginMs, now))
        return false;
      await sharedRefresh(workspaceId, account);
      return true;
    },
    /**
     * 'Testar conexão' of an OAuth2 account: a real token request (refresh or
     * client_credentials); an account that cannot ask one (Trello, a provider without refresh
     * tokens) calls the provider's API with its token through `probe`.
     */
    async test(workspaceId: string, id: string): Promise<void> {
      const account = await load(workspaceId, id);
      const plan = planOf(account, await configOrRefused(options, workspaceId, account));
      const canRequest =
        plan.kind === 'client_credentials' ||
        (plan.kind === 'authorization_code' && text(account.data.refresh_token) !== undefined);
      if (canRequest) {
        await sharedRefresh(workspaceId, account);
        return;
      }
      if (!text(account.data.access_token)) throw new Error(m.notAuthorized);
      await probe?.(workspaceId, account, { accessToken });
    },
  };
}

export type TokenSource = ReturnType<typeof createTokenSource>;
