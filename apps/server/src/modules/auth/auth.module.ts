import { apiTokenPrefix } from '@ponte/shared/api-tokens.schema';
import { authConfig } from './auth.config';
import { z } from 'zod';
import { stateChannels } from '../../cluster/state-channels';
import { defineModule } from '../../container/server-module';
import { requestConnection } from '../../lib/redis-connection';
import authPlugin from '../../plugins/auth';
import { isApiToken } from '../service-accounts/service-accounts.service';
import { authRoutes } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';
import { resolveJwtSecret } from './instance-jwt-secret';
import {
  createMemoryLoginThrottle,
  createRedisLoginThrottle,
  type LoginThrottle,
} from './login-throttle';
import { createSessionTokens, type SessionTokens } from './sessions';
import { createTokenIssuer } from './token-issuer';
import { authAccess } from './auth.access';

declare module '../../container/provided' {
  interface Provided {
    tokens: SessionTokens;
    auth: AuthService;
    /** Resolves a session token, or a `pnt_` token of a ponte_token account (ADR 0025). */
    resolveSession: AuthService['resolveSession'];
    /** Failed sign-ins (in Redis when processes share them; closed with the app). */
    loginThrottle: LoginThrottle & { close?(): Promise<void> };
    /** Sessions revoked in any process (docs/adr/0066), for the live sockets. */
    onSessionsRevoked: (listener: (sessionIds: readonly string[]) => void) => () => void;
  }
}

export interface AuthOptions {
  loginThrottle?: LoginThrottle;
}

/** The bus channel of revoked sessions. */
const sessionsRevoked = stateChannels.sessionsRevoked;
const sessionsMessage = z.object({ sessionIds: z.array(z.string()) });

/**
 * Sign-in, sessions and the instance's first account (PONTE_ADMIN_EMAIL/PASSWORD, created when
 * the app is ready). The JWT secret is PONTE_JWT_SECRET, else the instance's, kept in the
 * database (docs/adr/0068); failed sign-ins are counted in Redis when processes share them.
 */
export const authModule = defineModule({
  name: 'auth',
  access: authAccess,
  needs: [
    'db',
    'now',
    'log',
    'config',
    'cluster',
    'bus',
    'securityLog',
    'serviceAccounts',
    'apiTokens',
    'ssoProviders',
  ],
  provides: ['tokens', 'auth', 'resolveSession', 'onSessionsRevoked', 'loginThrottle'],
  config: [authConfig],
  tables: ['customers', 'users', 'sessions', 'instance_secrets'],
  async create(parts, options: AuthOptions) {
    const { db, now, config, bus, serviceAccounts, apiTokens } = parts;
    const jwtSecret = await resolveJwtSecret(db, {
      jwtSecret: config.jwtSecret,
      seed: config.jwtSecretSeed ?? null,
    });
    const tokens = createSessionTokens({ db, issuer: createTokenIssuer(jwtSecret, now), now });
    const loginThrottle = options.loginThrottle ?? loginThrottleOf(parts.cluster);
    const auth = createAuthService({
      db,
      tokens,
      throttle: loginThrottle,
      now,
      security: parts.securityLog.record,
      passwordSignInAllowed: (person) => parts.ssoProviders.passwordSignInAllowed(person),
    });
    // Revocations go out on the bus; every API process's sockets hear them, its own included.
    tokens.onRevoked(
      (sessionIds) => void bus.publish(sessionsRevoked, { sessionIds: [...sessionIds] }),
    );
    return {
      tokens,
      auth,
      loginThrottle,
      // A workspace API key (ponte_…), a read-only token of a service account (pnt_…), or a
      // person's session.
      resolveSession: (token: string) =>
        token.startsWith(apiTokenPrefix)
          ? apiTokens.resolve(token)
          : isApiToken(token)
            ? serviceAccounts.resolveToken(token)
            : auth.resolveSession(token),
      onSessionsRevoked: (listener: (sessionIds: readonly string[]) => void) =>
        bus.subscribe(sessionsRevoked, (message) => {
          const parsed = sessionsMessage.safeParse(message);
          if (parsed.success) listener(parsed.data.sessionIds);
        }),
    };
  },
  routes: {
    root: (app, { resolveSession }) => app.register(authPlugin, { resolveSession }),
    account: (account, { auth, tokens, config }) =>
      account.register(authRoutes, {
        service: auth,
        tokens,
        publicConfig: { docs_url: config.docsUrl, support_url: config.supportUrl },
      }),
  },
  async start({ auth, config, log }) {
    const admin = config.admin;
    if (admin && (await auth.bootstrapAdmin(admin))) {
      log.info({ email: admin.email }, 'primeira conta criada a partir de PONTE_ADMIN_EMAIL');
    }
  },
  stop: ({ loginThrottle }) => loginThrottle.close?.(),
});

/** Failed sign-ins: in Redis when several processes share them (docs/adr/0063). */
function loginThrottleOf(cluster: { redis: { url: string; prefix: string } | null }) {
  if (!cluster.redis) return createMemoryLoginThrottle();
  // A sign-in answers 503 at once while Redis is away (docs/adr/0072), not after a hang.
  const client = requestConnection(cluster.redis.url);
  client.connect().catch(() => undefined);
  return {
    ...createRedisLoginThrottle(client, cluster.redis.prefix),
    close: () =>
      client.quit().then(
        () => undefined,
        () => client.disconnect(),
      ),
  };
}
