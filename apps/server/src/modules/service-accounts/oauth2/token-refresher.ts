import { createPeriodicTask } from '../../../lib/periodic-task';

/** Tokens expiring within this much are refreshed by the background pass. */
export const refreshAheadMs = 5 * 60 * 1000;

export interface TokenRefresherOptions {
  /** OAuth2 accounts (any workspace) whose token expires before `before`, not awaiting consent. */
  listExpiring(before: Date): Promise<{ workspaceId: string; id: string }[]>;
  /** Refreshes one account if it still expires within `marginMs` (the token source's). */
  refresh(workspaceId: string, id: string, marginMs: number): Promise<boolean>;
  /** Removes OAuth2 states past their 10 minutes. */
  purgeStates(): Promise<number>;
  now: () => Date;
  /** Between passes (default one minute); the first pass runs at start. */
  intervalMs?: number;
  onError: (error: unknown, account?: { workspaceId: string; id: string }) => void;
}

/**
 * Refreshes OAuth2 tokens ahead of their expiry (from `expires_in`), every minute, so a flow
 * rarely waits for one and a refused refresh shows as 'Reautorização necessária' before a flow
 * needs the account. A failure of one account never stops the others.
 */
export function createTokenRefresher(options: TokenRefresherOptions) {
  const intervalMs = options.intervalMs ?? 60_000;
  async function pass(): Promise<number> {
    let refreshed = 0;
    const due = await options.listExpiring(new Date(options.now().getTime() + refreshAheadMs));
    for (const account of due) {
      try {
        if (await options.refresh(account.workspaceId, account.id, refreshAheadMs)) refreshed++;
      } catch (error) {
        options.onError(error, account);
      }
    }
    await options.purgeStates();
    return refreshed;
  }

  // runOnce answers how many tokens a pass refreshed.
  return createPeriodicTask(pass, {
    intervalMs,
    onError: (error: unknown) => options.onError(error),
  });
}
