import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetworkGuard } from '../outbound-http/network-guard';
import { postgresTestUrl } from '../../test/test-database';
import { until } from '../../test/until';
import { runPostgresQuery } from './postgres-query';
import { parsePostgresUri } from './postgres-uri';

const title = 'SQL through a database_uri account, on the local PostgreSQL';
const suite = postgresTestUrl ? describe : describe.skip;
const open = createNetworkGuard(['127.0.0.1/32']);
const table = `ponte_sql_${process.pid}`;
let admin: pg.Client;

const run = (
  query: string,
  parameters: unknown[] = [],
  more: Partial<{ maxRows: number; timeoutMs: number; signal: AbortSignal; uri: string }> = {},
) =>
  runPostgresQuery(
    parsePostgresUri(more.uri ?? postgresTestUrl!),
    { query, parameters, maxRows: more.maxRows ?? 1000, timeoutMs: more.timeoutMs ?? 30_000 },
    { guard: open, signal: more.signal ?? new AbortController().signal },
  );

suite(postgresTestUrl ? title : `${title} (defina PONTE_TEST_DATABASE_URL para rodar)`, () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresTestUrl! });
    await admin.connect();
    await admin.query(
      `create table ${table} (id int primary key, email text, criado date, foto bytea)`,
    );
    await admin.query(
      `insert into ${table} values (1, 'ana@cliente.example', '2026-03-01', '\\x00ff'), (2, 'bia@cliente.example', null, null)`,
    );
  });
  afterAll(async () => {
    await admin.query(`drop table if exists ${table}`);
    await admin.end();
  });

  it('passes parameters as values: an injection attempt stays a value', async () => {
    const attack = "x' or '1'='1";
    const none = await run(`select id from ${table} where email = $1`, [attack]);
    expect(none.rows).toEqual([]);
    const echoed = await run('select $1::text as v', [`'); drop table ${table}; --`]);
    expect(echoed.rows).toEqual([{ v: `'); drop table ${table}; --` }]);
    const found = await run(`select id, email, criado, foto from ${table} where email = $1`, [
      'ana@cliente.example',
    ]);
    expect(found).toEqual({
      rows: [
        {
          id: 1,
          email: 'ana@cliente.example',
          criado: expect.stringMatching(/^2026-0[23]-\d\dT/),
          foto: { encoding: 'base64', data: 'AP8=' },
        },
      ],
      rowCount: 1,
      fields: ['id', 'email', 'criado', 'foto'],
      truncated: false,
    });
    const still = await admin.query(`select count(*)::int as n from ${table}`);
    expect(still.rows[0].n).toBe(2);
  });

  it('reads at most max_rows and says the result was cut', async () => {
    const cut = await run('select g from generate_series(1, 5000) g', [], { maxRows: 10 });
    expect(cut.rows.map((row) => row.g)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(cut.truncated).toBe(true);
    const exact = await run('select g from generate_series(1, 10) g', [], { maxRows: 10 });
    expect(exact.rows).toHaveLength(10);
    expect(exact.truncated).toBe(false);
  });

  it('answers the rows changed by a statement without rows', async () => {
    const changed = await run(`update ${table} set email = email where id > $1`, [0]);
    expect(changed).toEqual({ rows: [], rowCount: 2, fields: [], truncated: false });
  });

  it('cancels a statement past its time limit, in pt-BR', async () => {
    await expect(run('select pg_sleep(5)', [], { timeoutMs: 300 })).rejects.toThrow(
      'A consulta passou do tempo limite de 300 ms e foi cancelada.',
    );
  });

  it('stops a running statement when the execution stops', async () => {
    const controller = new AbortController();
    const pending = run(`select pg_sleep(30), 'ponte-abort-${process.pid}'`, [], {
      signal: controller.signal,
    });
    const active = () =>
      admin
        .query(
          `select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1`,
          [`%ponte-abort-${process.pid}%`],
        )
        .then((result) => result.rows[0].n as number);
    await until(async () => (await active()) === 1, 'a consulta começar');
    controller.abort(new Error('Execução interrompida.'));
    await expect(pending).rejects.toThrow('Execução interrompida.');
    await until(async () => (await active()) === 0, 'o PostgreSQL cancelar a consulta');
  });

  it('refuses a login in pt-BR without the password', async () => {
    const url = new URL(postgresTestUrl!);
    url.username = 'ponte_sem_conta';
    url.password = 'senha-super-secreta';
    const failure = run('select 1', [], { uri: url.toString() });
    const message = await failure.then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toBe(
      `O banco de dados ${url.hostname}:${url.port || 5432} recusou o usuário ou a senha.`,
    );
    expect(message).not.toContain('senha-super-secreta');
  });

  it('names a PostgreSQL error in pt-BR framing', async () => {
    await expect(run('select * from tabela_que_nao_existe')).rejects.toThrow(
      /^O PostgreSQL recusou a consulta: .*tabela_que_nao_existe.* \(código 42P01\)\.$/,
    );
  });

  it('does not connect to an address the network guard refuses', async () => {
    // A listener of our own on the target's address: counting what reaches it is exact,
    // where counting PostgreSQL's sessions would count the other suites' too.
    const arrived: net.Socket[] = [];
    const listener = net.createServer((socket) => arrived.push(socket));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as net.AddressInfo;
    try {
      const target = parsePostgresUri(`postgres://postgres@127.0.0.1:${port}/postgres`);
      await expect(
        runPostgresQuery(
          target,
          { query: 'select 1', parameters: [], maxRows: 1, timeoutMs: 1000 },
          { guard: createNetworkGuard([]), signal: new AbortController().signal },
        ),
      ).rejects.toThrow('PONTE_HTTP_ALLOWED_NETWORKS');
      expect(arrived).toHaveLength(0);
    } finally {
      for (const socket of arrived) socket.destroy();
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
