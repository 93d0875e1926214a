import type { FastifyRequest } from 'fastify';
import { defineModule } from '../../container/server-module';
import { publicBaseUrl } from '../../lib/public-url';
import { createSecretBox } from '../../lib/secret-box';
import { ssoAccess } from './sso.access';
import { createSsoProvidersService, type SsoProvidersService } from './sso-providers.service';
import { createSsoSignIn, type SsoSignIn } from './sso-sign-in.service';
import { ssoSettingsRoutes, ssoSignInRoutes } from './sso.routes';

declare module '../../container/provided' {
  interface Provided {
    /** The instance's OpenID Connect providers and the password sign-in policy (ADR 0108). */
    ssoProviders: SsoProvidersService;
    /** Sign-in with those providers. */
    ssoSignIn: SsoSignIn;
  }
}

/**
 * The providers and the setting 'password sign-in disabled' (docs/adr/0108). Apart from the
 * sign-in itself because `auth` asks its policy and the sign-in needs `auth`'s sessions.
 */
export const ssoProvidersModule = defineModule({
  name: 'sso-providers',
  needs: ['db', 'now', 'config', 'network'],
  provides: ['ssoProviders'],
  tables: ['sso_providers', 'sso_settings'],
  create: ({ db, now, config, network }) => ({
    ssoProviders: createSsoProvidersService({
      db,
      now,
      // The same key and format as the service accounts' secrets (docs/adr/0025).
      box: createSecretBox(config.encryptionKey),
      guard: network.guard,
    }),
  }),
});

/** Single sign-on with OpenID Connect (docs/adr/0108): settings, start and return. */
export const ssoModule = defineModule({
  name: 'sso',
  access: ssoAccess,
  needs: [
    'db',
    'now',
    'config',
    'outboundHttp',
    'tokens',
    'securityLog',
    'ssoProviders',
    'publicUrl',
  ],
  provides: ['ssoSignIn'],
  tables: ['sso_states'],
  create: ({ db, now, config, outboundHttp, tokens, securityLog }) => ({
    ssoSignIn: createSsoSignIn({
      db,
      now,
      box: createSecretBox(config.encryptionKey),
      http: outboundHttp,
      tokens,
      security: securityLog.record,
    }),
  }),
  routes: {
    api: (api, parts) => api.register(ssoSettingsRoutes, routeOptions(parts)),
    account: (account, parts) => account.register(ssoSignInRoutes, routeOptions(parts)),
  },
});

function routeOptions(parts: {
  ssoProviders: SsoProvidersService;
  ssoSignIn: SsoSignIn;
  publicUrl: string | null;
}) {
  return {
    providers: parts.ssoProviders,
    signIn: parts.ssoSignIn,
    publicUrl: (request: FastifyRequest) => publicBaseUrl(request, parts.publicUrl),
  };
}
