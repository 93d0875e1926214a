import * as client from 'openid-client';
import type { HttpPort } from '@ponte/engine/ports';
import type { SsoSignInOptions } from '@ponte/shared/sso.schema';
import type { Database } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { SessionTokens } from '../auth/sessions';
import type { RecordSecurityEvent } from '../audit/security-log.service';
import { createSsoDiscovery } from './sso-discovery';
import { shortText, SsoFailure } from './sso-failure';
import { createSsoPeople } from './sso-people';
import { callbackPath } from './sso-providers.service';
import { createSsoRepository, type SsoProviderRow } from './sso.repository';

/** A sign-in under way lives 10 minutes: time for the provider's login page, no more. */
export const stateTtlMs = 10 * 60 * 1000;

export interface SsoSignInDeps {
  db: Database;
  box: SecretBox;
  /** The app's guarded HTTP client (docs/adr/0013). */
  http: HttpPort;
  tokens: SessionTokens;
  now: () => Date;
  security: RecordSecurityEvent;
}

type GrantAnswer = Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

/** openid-client's refusal, in the sign-in page's words. */
function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  if (
    error instanceof client.AuthorizationResponseError ||
    error instanceof client.ResponseBodyError
  )
    return new SsoFailure('recusado', `O provedor recusou: ${shortText(error.error)}.`);
  const message = shortText((error as Error).message ?? String(error));
  return new SsoFailure('token', `A resposta do provedor foi recusada: ${message}`);
}

/** The claims of the ID token, completed by the user info when a configured one is missing. */
async function claimsOf(
  config: client.Configuration,
  provider: SsoProviderRow,
  answer: GrantAnswer,
): Promise<Record<string, unknown>> {
  const idToken = answer.claims();
  if (!idToken) throw new SsoFailure('token', 'O provedor não devolveu um token de ID.');
  const claims: Record<string, unknown> = { ...idToken };
  const missing = [provider.emailClaim, provider.roleClaim].some(
    (name) => name !== null && claims[name] === undefined,
  );
  if (!missing || !answer.access_token || !config.serverMetadata().userinfo_endpoint) return claims;
  try {
    // The user info must be about the ID token's subject (OpenID Connect Core 1.0 §5.3.2).
    const info = await client.fetchUserInfo(config, answer.access_token, idToken.sub);
    for (const [name, value] of Object.entries(info)) if (!(name in claims)) claims[name] = value;
    return claims;
  } catch (error) {
    throw new SsoFailure(
      'provedor',
      `A consulta aos dados do usuário falhou: ${shortText((error as Error).message)}`,
    );
  }
}

/** Records the failure in the security log (no secret, no token) and hands it back. */
function report(
  security: RecordSecurityEvent,
  provider: SsoProviderRow | null,
  slug: string,
  step: 'start' | 'callback',
  failure: SsoFailure,
  ip?: string,
): SsoFailure {
  security({
    ip: ip ?? null,
    kind: 'sso_failed',
    workspaceId: provider?.workspaceId ?? null,
    userId: failure.userId,
    resource: `GET /account/v1/sso/${slug}/${step}`,
    detail: `Login único${provider ? ` com ${provider.name}` : ''} recusado: ${failure.detail}`,
  });
  return failure;
}

/** Records a sign-in through the provider, with the address, in the audit log (docs/adr/0107). */
function reportSignIn(
  security: RecordSecurityEvent,
  provider: SsoProviderRow,
  userId: string,
  ip: string | undefined,
) {
  security({
    kind: 'signed_in',
    userId,
    workspaceId: provider.workspaceId,
    resource: `GET /account/v1/sso/${provider.slug}/callback`,
    detail: `Entrada com o login único (${provider.name}).`,
    ip: ip ?? null,
  });
}

/**
 * Sign-in with OpenID Connect (docs/adr/0108): the authorisation code flow with PKCE (S256),
 * state and nonce kept server-side for one use, the ID token's signature and claims checked by
 * openid-client, and a session opened like a password sign-in's. Every failure is recorded in
 * the security log.
 */
export function createSsoSignIn(deps: SsoSignInDeps) {
  const { db, tokens, now, security } = deps;
  const repository = createSsoRepository(db);
  const discovery = createSsoDiscovery(deps);
  const people = createSsoPeople({ db, now });

  async function enabledProvider(slug: string): Promise<SsoProviderRow> {
    const provider = await repository.bySlug(slug);
    if (!provider || !provider.enabled)
      throw new SsoFailure('provedor', 'Provedor de login único desconhecido ou desativado.');
    return provider;
  }

  /** The code exchanged with the state's verifier and nonce; the ID token checked. */
  async function exchange(
    provider: SsoProviderRow,
    config: client.Configuration,
    returned: URLSearchParams,
    started: { state: string; nonce: string; codeVerifier: string },
    base: string,
  ) {
    const current = new URL(`${base}${callbackPath(provider.slug)}`);
    current.search = returned.toString();
    try {
      return await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: started.codeVerifier,
        expectedState: started.state,
        expectedNonce: started.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      // The keys may have changed: the next sign-in discovers again.
      discovery.forget(provider.id);
      throw failureOf(error);
    }
  }

  return {
    /** What the sign-in page offers: the enabled providers' slug and name. */
    async options(passwordSignIn: boolean): Promise<SsoSignInOptions> {
      const enabled = (await repository.list()).filter((row) => row.enabled);
      const providers = enabled.map((row) => ({ slug: row.slug, name: row.name }));
      return { providers, password_sign_in: passwordSignIn };
    },

    /** The provider's authorisation address, and the state the browser's cookie binds. */
    async start(slug: string, base: string): Promise<{ location: string; state: string }> {
      let provider: SsoProviderRow | null = null;
      try {
        provider = await enabledProvider(slug);
        const config = await discovery.discover(provider);
        const codeVerifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        const nonce = client.randomNonce();
        const at = now();
        await repository.purgeStates(at);
        await repository.insertState({
          state,
          providerId: provider.id,
          nonce,
          codeVerifier,
          expiresAt: new Date(at.getTime() + stateTtlMs),
          createdAt: at,
        });
        const location = client.buildAuthorizationUrl(config, {
          redirect_uri: `${base}${callbackPath(provider.slug)}`,
          scope: provider.scopes,
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        });
        return { location: location.href, state };
      } catch (error) {
        throw report(security, provider, slug, 'start', failureOf(error));
      }
    },

    /**
     * The provider's return: a session token for the person, or an SsoFailure (recorded in the
     * security log). `browserState` is the state the starting browser's cookie holds.
     */
    async finish(
      slug: string,
      returned: URLSearchParams,
      browserState: string | null,
      base: string,
      ip?: string,
    ): Promise<string> {
      let provider: SsoProviderRow | null = null;
      try {
        provider = await enabledProvider(slug);
        const state = returned.get('state');
        const started = state ? await repository.consumeState(state, now()) : null;
        if (!started || started.providerId !== provider.id || browserState !== state)
          throw new SsoFailure(
            'estado',
            'Retorno com state desconhecido, expirado, já usado ou de outro navegador.',
          );
        const error = returned.get('error');
        if (error) throw new SsoFailure('recusado', `O provedor recusou: ${shortText(error)}.`);
        const config = await discovery.discover(provider);
        const answer = await exchange(provider, config, returned, started, base);
        const userId = await people.personOf(provider, await claimsOf(config, provider, answer));
        const token = await tokens.issue(userId, provider.workspaceId);
        reportSignIn(security, provider, userId, ip);
        return token;
      } catch (error) {
        throw report(security, provider, slug, 'callback', failureOf(error), ip);
      }
    },
  };
}

export type SsoSignIn = ReturnType<typeof createSsoSignIn>;
