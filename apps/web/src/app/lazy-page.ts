import type { ComponentType } from 'react';

/**
 * Every page but the sign-in and the flows list loads on demand, in its own chunk (ADR 0062):
 * the first load of /flows carries the shell and that list, not the whole app.
 */
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}
