import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { isOauth2Type } from '@ponte/shared/service-accounts.schema';
import { AppError, notFound } from '../../../lib/app-error';
import type { DecryptedAccount, OAuthAccountStore } from './oauth-account-store';
import { clientIdField, type OAuthClients } from './oauth-clients';
import type { OAuthStates } from './oauth-states';
import { accountIdOfState } from './oauth-states';
import { buildAuthorizeUrl, OAuth2Error, type OAuth2Client } from './oauth2-client';
import { planOf, returnPath, trelloAuthorizeUrl, type AuthorizationPlan } from './providers';
import { tokenPatch } from './token-source';

const sa = messages.serviceAccounts;

/** Where providers send the browser back: a public route of the account API. */
export { returnPath };
/** The SPA page that finalises with PUT …/oauth2/token (spec 2 'OAuth2 callback'). */
export const callbackPath = '/oauth2/callback';

/** What the callback page receives in `data` (base64url of this JSON). */
export interface CallbackData {
  service_account_id: string;
  code?: string;
  error?: string;
  error_description?: string;
}

export const packData = (data: CallbackData) =>
  Buffer.from(JSON.stringify(data)).toString('base64url');

export function callbackUrl(baseUrl: string, data: CallbackData, state: string | null): string {
  const url = new URL(`${baseUrl}${callbackPath}`);
  url.searchParams.set('data', packData(data));
  if (state) url.searchParams.set('state', state);
  return url.toString();
}

const stateInvalid = () => new AppError(400, errorCodes.oauthStateInvalid, sa.stateInvalid);
const refused = (message: string) => new AppError(400, errorCodes.oauthRefused, message);
const invalidData = () =>
  new AppError(400, errorCodes.validation, messages.serviceAccountsOauth.codeMissing);

export interface OAuth2ServiceOptions {
  store: OAuthAccountStore;
  states: OAuthStates;
  client: OAuth2Client;
  /** Which client a new authorisation uses and which one serves an authorised account. */
  clients: Pick<OAuthClients, 'forAuthorization' | 'forAccount'>;
}

/** Who asks and where Ponte is reached (PONTE_PUBLIC_URL or the request's address). */
export interface Caller {
  workspaceId: string;
  userId: string | null;
  baseUrl: string;
}

/** What PUT …/oauth2/token receives: the decoded callback data, the state, maybe a token. */
export interface FinishBody {
  state: string;
  code?: string | undefined;
  token?: string | undefined;
  error?: string | undefined;
  error_description?: unknown;
  service_account_id?: string | undefined;
}

async function storeTokens(
  store: OAuthAccountStore,
  workspaceId: string,
  id: string,
  patch: Record<string, unknown>,
) {
  await store.patchData(workspaceId, id, patch);
  await store.setHealth(workspaceId, id, { status: 'ok', message: null });
}

/** client_credentials: the token is asked (and stored) when the browser asks the URL. */
async function tokenNow(
  store: OAuthAccountStore,
  client: OAuth2Client,
  workspaceId: string,
  id: string,
  plan: Extract<AuthorizationPlan, { kind: 'client_credentials' }>,
) {
  try {
    const tokens = await client.clientCredentials(
      plan.endpoint,
      plan.scope,
      AbortSignal.timeout(30_000),
    );
    await storeTokens(store, workspaceId, id, tokenPatch(tokens, true));
  } catch (error) {
    if (!(error instanceof OAuth2Error)) throw error;
    await store.setHealth(workspaceId, id, { status: 'failed', message: error.message });
    throw refused(error.message);
  }
}

/**
 * OAuth2 authorisation of service accounts (docs/adr/0026): the URL the browser goes to, the
 * return from the provider, and the code (or Trello token) exchanged for tokens.
 */
export function createOAuth2Service({ store, states, client, clients }: OAuth2ServiceOptions) {
  async function oauthAccount(workspaceId: string, id: string): Promise<DecryptedAccount> {
    const account = await store.getDecrypted(workspaceId, id);
    if (!account) throw notFound(sa.notFound);
    if (!isOauth2Type(account.type)) throw new AppError(400, errorCodes.validation, sa.notOauth2);
    return account;
  }

  const store_ = (caller: Caller, id: string, patch: Record<string, unknown>) =>
    storeTokens(store, caller.workspaceId, id, patch);

  return {
    /**
     * The URL the browser goes to. client_credentials has no consent page: the token is asked
     * now and the URL is the callback page itself, so the browser flow is the same.
     */
    async authorizationUrl(caller: Caller, id: string): Promise<string> {
      const account = await oauthAccount(caller.workspaceId, id);
      const chosen = await clients.forAuthorization(caller.workspaceId, account.type);
      const plan = planOf(account, chosen.providers);
      // The exchange and every refresh use the client this authorisation went to (ADR 0093).
      if (chosen.clientId)
        await store.patchData(caller.workspaceId, id, { [clientIdField]: chosen.clientId });
      const state = await states.create({
        workspaceId: caller.workspaceId,
        accountId: id,
        userId: caller.userId,
      });
      switch (plan.kind) {
        case 'authorization_code':
          return buildAuthorizeUrl(plan.authorizeUrl, {
            clientId: plan.endpoint.clientId,
            redirectUri: `${caller.baseUrl}${returnPath}`,
            state,
            scope: plan.scope,
            extra: plan.extra,
          });
        case 'fragment_token':
          return trelloAuthorizeUrl(
            plan.authorizeUrl,
            plan.apiKey,
            callbackUrl(caller.baseUrl, { service_account_id: id }, state),
          );
        case 'client_credentials': {
          await tokenNow(store, client, caller.workspaceId, id, plan);
          return callbackUrl(caller.baseUrl, { service_account_id: id }, state);
        }
      }
    },

    /** The provider's return (public): packs what it said and sends the browser to the SPA. */
    returnLocation(
      baseUrl: string,
      query: { code?: string; state?: string; error?: string; error_description?: string },
    ): string {
      const state = query.state ?? null;
      const data: CallbackData = { service_account_id: (state && accountIdOfState(state)) || '' };
      if (query.code) data.code = query.code;
      if (query.error) data.error = query.error;
      if (query.error_description) data.error_description = query.error_description;
      return callbackUrl(baseUrl, data, state);
    },

    /**
     * PUT …/oauth2/token: the state is used up first, then the code or token is stored (the
     * route answers the account as the service-accounts service presents it).
     */
    async finish(caller: Caller, id: string, body: FinishBody): Promise<void> {
      if (body.service_account_id && body.service_account_id !== id) throw stateInvalid();
      const account = await oauthAccount(caller.workspaceId, id);
      const used = await states.consume({
        workspaceId: caller.workspaceId,
        accountId: id,
        state: body.state,
      });
      if (!used) throw stateInvalid();
      if (body.error) {
        const description =
          typeof body.error_description === 'string' ? body.error_description : '';
        throw refused((description || body.error).slice(0, 300));
      }
      let plan: AuthorizationPlan;
      try {
        plan = planOf(account, await clients.forAccount(caller.workspaceId, account));
      } catch (error) {
        if (error instanceof OAuth2Error) throw refused(error.message);
        throw error;
      }
      if (body.code && plan.kind === 'authorization_code') {
        try {
          const tokens = await client.exchangeCode(
            plan.endpoint,
            { code: body.code, redirectUri: `${caller.baseUrl}${returnPath}` },
            AbortSignal.timeout(30_000),
          );
          await store_(caller, id, tokenPatch(tokens, true));
        } catch (error) {
          if (error instanceof OAuth2Error) throw refused(error.message);
          throw error;
        }
      } else if (body.token && plan.kind === 'fragment_token') {
        // The token works only with the key that asked it: both are kept (Trello's connector).
        await store_(caller, id, {
          access_token: body.token,
          api_key: plan.apiKey,
          expires_at: null,
        });
      } else if (!(plan.kind === 'client_credentials' && account.data.access_token)) {
        throw invalidData();
      }
    },
  };
}

export type OAuth2Service = ReturnType<typeof createOAuth2Service>;
