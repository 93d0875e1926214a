import { z } from 'zod';

const expClaimSchema = z.object({ exp: z.number() });

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = window.atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JWT payload, decoded but not verified (the server verifies it). */
export function decodeJwtPayload(token: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(decodeBase64Url(payload)) as unknown;
  } catch {
    return null;
  }
}

/** When the token expires, in milliseconds since the epoch (`exp` is in seconds); null if unknown. */
export function tokenExpiresAt(token: string): number | null {
  const claims = expClaimSchema.safeParse(decodeJwtPayload(token));
  return claims.success ? claims.data.exp * 1000 : null;
}
