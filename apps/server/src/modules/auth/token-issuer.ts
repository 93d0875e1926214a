import { jwtVerify, SignJWT } from 'jose';
import { tokenClaimsSchema, type TokenClaims } from '@ponte/shared/account.schema';

/** Sessions last 12 hours; the web app renews them before they expire. */
export const sessionLifetimeSeconds = 12 * 60 * 60;

export interface TokenIssuer {
  /** A signed token; `sessionId` becomes its `jti` (the row of the session, ADR 0016). */
  issue(userId: string, workspaceId: string, sessionId?: string): Promise<string>;
  /** The claims of a valid HS256 token, or null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenIssuer(secret: string, now: () => Date = () => new Date()): TokenIssuer {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId, workspaceId, sessionId) {
      const iat = Math.floor(now().getTime() / 1000);
      const jwt = new SignJWT({ wid: workspaceId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId);
      if (sessionId) jwt.setJti(sessionId);
      return jwt
        .setIssuedAt(iat)
        .setExpirationTime(iat + sessionLifetimeSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now(),
          // Requires `iat` and refuses one in the future (a token this server never issued).
          maxTokenAge: sessionLifetimeSeconds,
        });
        const claims = tokenClaimsSchema.safeParse(payload);
        return claims.success && claims.data.sub !== '' && claims.data.wid !== ''
          ? claims.data
          : null;
      } catch {
        return null;
      }
    },
  };
}
