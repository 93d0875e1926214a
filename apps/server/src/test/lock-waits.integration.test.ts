import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { lockWaiters } from './lock-waits';
import { createTestDatabase } from './test-database';
import { until } from './until';
import type { DatabaseHandle } from '../db/client';

/**
 * The tests that hold a lock and wait for the requests behind it count the waiting sessions
 * from inside the holder's transaction. A session that connected after the first count used to
 * stay invisible there (PostgreSQL keeps the session list for the transaction), and those tests
 * timed out whenever a request needed a new pooled connection.
 */
describe('counting the sessions that wait on a lock', () => {
  let database: DatabaseHandle;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: database.connectionUrl });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await createTestDatabase('embedded');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database.close();
  });

  it('sees, inside the holder’s transaction, a session that connected after its first count', async () => {
    const holder = await connect();
    await holder.query('create table lock_waits_probe (id int primary key)');
    await holder.query('insert into lock_waits_probe values (1)');
    await holder.query('begin');
    await holder.query('select id from lock_waits_probe where id = 1 for update');
    expect(await lockWaiters(holder)).toBe(0);

    const late = await connect();
    const blocked = late.query('select id from lock_waits_probe where id = 1 for update');
    await until(async () => (await lockWaiters(holder)) >= 1, 'a sessão que chegou depois');
    await holder.query('commit');
    await blocked;
    expect(await lockWaiters(holder)).toBe(0);
  });
});
