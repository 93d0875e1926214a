import { createServer, type AddressInfo, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { isDatabaseUnavailable } from './database-unavailable';

/** The error a real query through drizzle and node-postgres gets from `url`. */
async function errorOf(url: string): Promise<unknown> {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  try {
    await drizzle({ client: pool }).execute(sql`select 1`);
    return null;
  } catch (error) {
    return error;
  } finally {
    await pool.end().catch(() => undefined);
  }
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('database unavailable', () => {
  const servers: Server[] = [];
  afterAll(() => {
    for (const server of servers) server.close();
  });

  it('recognises a refused connection', async () => {
    const server = createServer();
    const port = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    const error = await errorOf(`postgres://ponte@127.0.0.1:${port}/ponte`);
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises a connection closed by the other side', async () => {
    const server = createServer((socket) => socket.destroy());
    servers.push(server);
    const port = await listen(server);
    const error = await errorOf(`postgres://ponte@127.0.0.1:${port}/ponte`);
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises a server that never answers (connection timeout)', async () => {
    const server = createServer(() => undefined);
    servers.push(server);
    const port = await listen(server);
    const error = await errorOf(`postgres://ponte@127.0.0.1:${port}/ponte`);
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('does not count an error of the statement or its data', async () => {
    const database = await createTestDatabase('embedded');
    try {
      const failures = [
        sql`selec 1`,
        sql`select 1 / 0`,
        sql`select ${'\u0000'}::text`,
        sql`select * from no_such_table`,
      ];
      for (const statement of failures) {
        const error = await database.db.execute(statement).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).not.toBeNull();
        expect(isDatabaseUnavailable(error)).toBe(false);
      }
    } finally {
      await database.close();
    }
  });
});
