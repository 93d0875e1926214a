/**
 * Values kept for a short life: what executions read again and again (a flow, a workspace's
 * variables). A save in this process forgets the key at once; the life bounds how long an edit
 * made by another process can go unseen.
 */
export function createExpiringCache<K, V>(lifeMs: number) {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (entry && entry.until > Date.now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: K, value: V): void {
      entries.set(key, { value, until: Date.now() + lifeMs });
    },
    forget(key: K): void {
      entries.delete(key);
    },
  };
}
