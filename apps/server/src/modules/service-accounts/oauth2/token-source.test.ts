import { describe, expect, it } from 'vitest';
import type { HttpPort, HttpRequest } from '@ponte/engine/ports';
import { messages } from '@ponte/shared/messages';
import { defaultOAuthProviders, type OAuthProvidersConfig } from './oauth2.config';
import type { DecryptedAccount, OAuthAccountStore } from './oauth-account-store';
import { createOAuth2Client } from './oauth2-client';
import { createProviderProbe } from './provider-lookups';
import { createTokenSource, ReauthorizationRequiredError } from './token-source';

const providers: OAuthProvidersConfig = {
  ...defaultOAuthProviders,
  slack: { url: 'https://slack.exemplo.test', client: { clientId: 'c', clientSecret: 's' } },
};

/** A Slack account authorised without a refresh token: only its API can test it. */
const slackAccount: DecryptedAccount = {
  _id: 'conta-slack',
  name: 'Slack da equipe',
  type: 'slack_oauth2',
  data: { access_token: 'xoxb-guardado' },
};

function storeOf(account: DecryptedAccount) {
  const healths: unknown[] = [];
  const store: OAuthAccountStore = {
    getDecrypted: async (_workspaceId, id) => (id === account._id ? account : undefined),
    patchData: async () => undefined,
    setHealth: async (_workspaceId, _id, health) => healths.push(health),
  };
  return { store, healths };
}

/** Slack's Web API answering every call with `body`; the requests it saw. */
function slackAnswering(body: object) {
  const seen: HttpRequest[] = [];
  const http: HttpPort = {
    request: async (request) => {
      seen.push(request);
      return {
        status: 200,
        statusText: 'OK',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(body)),
      };
    },
  };
  return { http, seen };
}

function tokenSourceOf(http: HttpPort, store: OAuthAccountStore) {
  return createTokenSource({
    store,
    client: createOAuth2Client(http),
    providers,
    now: () => new Date('2030-01-01T00:00:00.000Z'),
    probe: createProviderProbe({ http, providers }),
  });
}

describe('the test of an OAuth2 account without a grant, through the provider probe', () => {
  it("asks Slack who the stored token is, with the token source's own token", async () => {
    const { http, seen } = slackAnswering({ ok: true, user: 'ponte' });
    const { store, healths } = storeOf(slackAccount);

    await tokenSourceOf(http, store).test('ws-1', slackAccount._id);

    expect(seen.map((request) => [request.url, request.headers?.authorization])).toEqual([
      ['https://slack.exemplo.test/api/auth.test?', 'Bearer xoxb-guardado'],
    ]);
    expect(healths).toEqual([]);
  });

  it('a token Slack refuses is forced through the token source, which asks a new consent', async () => {
    const { http, seen } = slackAnswering({ ok: false, error: 'invalid_auth' });
    const { store, healths } = storeOf(slackAccount);

    const failed = await tokenSourceOf(http, store)
      .test('ws-1', slackAccount._id)
      .catch((error: unknown) => error);

    expect(failed).toBeInstanceOf(ReauthorizationRequiredError);
    expect(healths).toEqual([
      {
        status: 'reauthorization_required',
        message: messages.serviceAccountsOauth.reauthorizationRequired(
          messages.serviceAccountsOauth.refreshMissing,
        ),
      },
    ]);
    // Without a refresh token the forced ask ends before a second call to Slack.
    expect(seen).toHaveLength(1);
  });
});
