import pg from 'pg';
import type { DatabaseHandle } from '../db/client';

/**
 * The advisory lock every Ponte process holds on its database for its whole life
 * (docs/adr/0065): exclusive for a process alone (no Redis), shared for the processes of a
 * distributed Ponte. The pair of keys reads "Pont" and 1.
 */
export const guardLockKeys = [0x506f6e74, 1] as const;

const seeReadme = "veja a seção 'Várias máquinas' do README";

/** Why a start was refused: another process uses the database in a way this one cannot join. */
export class DatabaseSharedError extends Error {
  override name = 'DatabaseSharedError';
}

/** The pt-BR refusal, after which process holds the lock and how. */
function refusal(distributed: boolean, holders: string[]): DatabaseSharedError {
  if (distributed) {
    return new DatabaseSharedError(
      `Um processo do Ponte sem REDIS_URL já usa este banco de dados sozinho. Para rodar vários processos no mesmo banco, encerre-o e defina DATABASE_URL e REDIS_URL em todos eles; ${seeReadme}.`,
    );
  }
  if (holders.includes('ShareLock')) {
    return new DatabaseSharedError(
      `Processos do Ponte com REDIS_URL já usam este banco de dados, e este processo não tem REDIS_URL. Defina DATABASE_URL e REDIS_URL neste processo como nos outros; ${seeReadme}.`,
    );
  }
  return new DatabaseSharedError(
    `Outro processo do Ponte já usa este banco de dados. Sem Redis, só um processo pode usar o banco; para rodar vários, defina DATABASE_URL e REDIS_URL em todos eles; ${seeReadme}.`,
  );
}

/** Takes the lock on `client`; a refusal names who holds it. */
async function lock(client: pg.Client, distributed: boolean): Promise<void> {
  const take = distributed ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock';
  const [a, b] = guardLockKeys;
  const taken = await client.query<{ ok: boolean }>(`select ${take}($1, $2) as ok`, [a, b]);
  if (taken.rows[0]?.ok) return;
  const holders = await client.query<{ mode: string }>(
    `select mode from pg_locks where locktype = 'advisory' and granted
       and database = (select oid from pg_database where datname = current_database())
       and classid = $1 and objid = $2 and objsubid = 2`,
    [a, b],
  );
  throw refusal(
    distributed,
    holders.rows.map((row) => row.mode),
  );
}

async function connect(url: string, distributed: boolean): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, keepAlive: true });
  await client.connect();
  try {
    await lock(client, distributed);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

export interface ProcessGuard {
  /** Whether this process is the only one on the database (it may recover what was running). */
  readonly exclusive: boolean;
  release(): Promise<void>;
}

export interface ProcessGuardOptions {
  /** Distributed (DATABASE_URL and REDIS_URL): shared with the others; alone: exclusive. */
  distributed: boolean;
  /** The lock's connection was lost (taken again once it can), or could not be taken again. */
  onError?: (error: unknown) => void;
  /** How long between tries to take the lock again after its connection was lost. */
  retryMs?: number;
}

/**
 * Takes the database's process lock on a connection of its own, held until `release`
 * (docs/adr/0065): a second process without Redis is refused, and so is a process alone while
 * distributed ones run, or the other way round, with a pt-BR message (`DatabaseSharedError`).
 * PGlite is in-process and locked by its data folder: nothing to take. A lost connection
 * loses the lock: it is reported and taken again as soon as the database answers.
 */
export async function acquireProcessGuard(
  database: Pick<DatabaseHandle, 'driver' | 'connectionUrl'>,
  options: ProcessGuardOptions,
): Promise<ProcessGuard> {
  const { distributed } = options;
  const url = database.connectionUrl;
  if (database.driver === 'pglite' || !url) {
    return { exclusive: !distributed, release: async () => undefined };
  }
  const retryMs = options.retryMs ?? 2_000;
  let released = false;
  let retry: NodeJS.Timeout | undefined;
  let client: pg.Client | null = null;

  const hold = (held: pg.Client) => {
    client = held;
    held.on('error', (error) => {
      if (released) return;
      options.onError?.(
        new Error('A conexão que reserva o banco para este processo caiu; reconectando.', {
          cause: error,
        }),
      );
      client = null;
      held.end().catch(() => undefined);
      again();
    });
  };
  const again = () => {
    if (released) return;
    retry = setTimeout(() => {
      connect(url, distributed).then(hold, (error: unknown) => {
        options.onError?.(error);
        again();
      });
    }, retryMs);
    retry.unref();
  };

  hold(await connect(url, distributed));
  return {
    exclusive: !distributed,
    async release() {
      released = true;
      clearTimeout(retry);
      const held = client as pg.Client | null;
      client = null;
      await held?.end().catch(() => undefined);
    },
  };
}
