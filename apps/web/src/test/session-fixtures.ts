import type { Me, Workspace } from '@ponte/shared/account.schema';
import { sessionKeys } from '../lib/session/session-store';

function base64Url(value: unknown): string {
  return window
    .btoa(JSON.stringify(value))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A JWT-shaped token whose `exp` is `expiresAt` (ms), rounded down to seconds. */
export function makeToken(expiresAt: number, subject = 'u1'): string {
  const claims = { sub: subject, wid: 'w1', exp: Math.floor(expiresAt / 1000), iat: 1 };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.assinatura`;
}

export const testUser: Me = {
  _id: 'u1',
  email: 'ana@exemplo.com.br',
  name: 'Ana Souza',
  is_owner: true,
  customer: { _id: 'c1', name: 'Transportes Exemplo', config: { node_limit: 50 } },
};

export const testWorkspace: Workspace = {
  _id: 'w1',
  name: 'Produção',
  engine_url: 'http://localhost:3000/engine',
  role: 'owner',
  groups: null,
};

/** Stores a live session, as /auth would. */
export function storeTestSession({
  expiresInMs = 60 * 60_000,
  user = testUser,
  workspace = testWorkspace,
}: { expiresInMs?: number; user?: Me; workspace?: Workspace } = {}): string {
  const expiresAt = Date.now() + expiresInMs;
  const token = makeToken(expiresAt);
  window.localStorage.setItem(sessionKeys.token, token);
  window.localStorage.setItem(
    sessionKeys.tokenExpiration,
    String(Math.floor(expiresAt / 1000) * 1000),
  );
  window.localStorage.setItem(sessionKeys.user, JSON.stringify(user));
  window.localStorage.setItem(sessionKeys.workspace, JSON.stringify(workspace));
  return token;
}
