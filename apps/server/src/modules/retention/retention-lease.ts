import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Leases on `retention_leases` (docs/adr/0123): a key (the hourly pass, a rule) is held by one
 * process at a time until it lets go or `ms` pass (its process died), by the database's clock,
 * so that two processes never delete, and count, the same data at once.
 */
export function createRetentionLeases(db: Database, holder = randomUUID()) {
  return {
    /** True when this process now holds `key` for `ms`. */
    async claim(key: string, ms: number): Promise<boolean> {
      const result = await db.execute(sql`
        insert into retention_leases (key, holder, until)
        values (${key}, ${holder}, now() + ${ms}::float8 * interval '1 millisecond')
        on conflict (key) do update set holder = excluded.holder, until = excluded.until
          where retention_leases.until < now()
        returning key`);
      return (result as unknown as { rows: unknown[] }).rows.length === 1;
    },
    /** Lets `key` go, when this process holds it. */
    async release(key: string): Promise<void> {
      await db.execute(sql`delete from retention_leases where key = ${key} and holder = ${holder}`);
    },
  };
}

export type RetentionLeases = ReturnType<typeof createRetentionLeases>;
