import { useSyncExternalStore } from 'react';
import { meSchema, workspaceSchema } from '@ponte/shared/account.schema';
import type { Me, Workspace } from '@ponte/shared/account.schema';
import { createStoredValue, parseJson } from '../stored-value';
import { tokenExpiresAt } from './jwt';

/** The localStorage keys of the session (spec 1 §3, 'Session data held locally'). */
export const sessionKeys = {
  token: 'token',
  tokenExpiration: 'tokenExpiration',
  user: 'user',
  workspace: 'workspace',
  selectedGroup: 'selectedGroup',
} as const;

const asString = (raw: string) => raw || null;
const identity = (value: string) => value;

export const tokenStore = createStoredValue<string>(sessionKeys.token, asString, identity);

export const tokenExpirationStore = createStoredValue<number>(
  sessionKeys.tokenExpiration,
  (raw) => {
    const value = Number(raw);
    return Number.isFinite(value) && value > 0 ? value : null;
  },
  String,
);

export const userStore = createStoredValue<Me>(
  sessionKeys.user,
  parseJson((value) => meSchema.safeParse(value).data ?? null),
  JSON.stringify,
);

export const workspaceStore = createStoredValue<Workspace>(
  sessionKeys.workspace,
  parseJson((value) => workspaceSchema.safeParse(value).data ?? null),
  JSON.stringify,
);

/** Stores a new token and its expiry read from the JWT `exp`; a token without one is refused. */
export function storeSessionToken(token: string): void {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) throw new Error('O token recebido é inválido.');
  tokenStore.set(token);
  tokenExpirationStore.set(expiresAt);
}

/**
 * When the stored session ends, in ms: the earlier of the stored expiry and the token's own
 * `exp`; null without a token, or when neither is known.
 */
export function storedSessionExpiresAt(): number | null {
  const token = tokenStore.get();
  if (!token) return null;
  const times = [tokenExpirationStore.get(), tokenExpiresAt(token)].filter(
    (time): time is number => time !== null,
  );
  return times.length ? Math.min(...times) : null;
}

/** True when a token is stored and has not expired yet. */
export function hasActiveSession(now: number = Date.now()): boolean {
  const expiresAt = storedSessionExpiresAt();
  return expiresAt !== null && expiresAt > now;
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
}

export function useSessionUser(): Me | null {
  return useSyncExternalStore(userStore.subscribe, userStore.get);
}

export function useSessionWorkspace(): Workspace | null {
  return useSyncExternalStore(workspaceStore.subscribe, workspaceStore.get);
}
