import type pg from 'pg';

/**
 * How many sessions of the client's database wait on a lock. Inside a transaction, PostgreSQL
 * keeps the list of sessions pg_stat_activity gave the first time until the transaction ends
 * (only the wait columns stay live): a test holding a lock and polling in the same transaction
 * would never see a session that connected since. The snapshot is dropped before each count.
 */
export async function lockWaiters(client: pg.Client): Promise<number> {
  await client.query('select pg_stat_clear_snapshot()');
  const result = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return result.rows[0]!.n;
}
