import * as client from 'openid-client';
import type { HttpPort } from '@ponte/engine/ports';
import type { SecretBox } from '../../lib/secret-box';
import { guardedFetch } from './guarded-fetch';
import { shortText, SsoFailure } from './sso-failure';
import type { SsoProviderRow } from './sso.repository';

/**
 * The providers' discovered configurations (issuer metadata, client and its secret), kept per
 * provider while its row is unchanged; a failed discovery is not kept, and `forget` drops one
 * (a refused token may mean new keys).
 */
export function createSsoDiscovery(deps: { box: SecretBox; http: HttpPort }) {
  const fetch = guardedFetch(deps.http);
  const discovered = new Map<string, { version: number; config: Promise<client.Configuration> }>();

  function forget(providerId: string) {
    discovered.delete(providerId);
  }

  function configurationOf(provider: SsoProviderRow): Promise<client.Configuration> {
    const version = provider.updatedAt.getTime();
    const cached = discovered.get(provider.id);
    if (cached && cached.version === version) return cached.config;
    const config = client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      deps.box.decrypt(provider.clientSecret),
      undefined,
      {
        [client.customFetch]: fetch,
        // The ID token's signature is checked against the issuer's keys even though it came
        // straight from the token endpoint (OpenID Connect Core 1.0 §3.1.3.7, step 6, makes it
        // optional over TLS; an internal provider on http:// has no TLS).
        execute: [
          client.enableNonRepudiationChecks,
          // An internal provider on an allowed network (sso-providers.service.ts: issuerRefusal).
          ...(provider.issuer.startsWith('http:') ? [client.allowInsecureRequests] : []),
        ],
      },
    );
    discovered.set(provider.id, { version, config });
    config.catch(() => forget(provider.id));
    return config;
  }

  return {
    forget,
    /** The provider's configuration, or an SsoFailure 'provedor'. */
    async discover(provider: SsoProviderRow): Promise<client.Configuration> {
      try {
        return await configurationOf(provider);
      } catch (error) {
        throw new SsoFailure(
          'provedor',
          `A descoberta do emissor falhou: ${shortText((error as Error).message)}`,
        );
      }
    },
  };
}
