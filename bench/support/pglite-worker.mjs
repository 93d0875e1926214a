// Option (a) of the embedded-database comparison (docs/adr/0056), for the bench only: the worker
// thread that owns PGlite. The main thread sends statements (`query`, `exec`) and transactions
// (`begin`, then the transaction's statements, then `commit` or `rollback`); the worker answers
// with plain rows. Drizzle's parsers cannot cross threads: the worker applies them (identity
// for the timestamp, interval and date types, as drizzle-orm/pglite asks).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const identity = (value) => value;
const parsers = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((oid) => [oid, identity]),
);

const client = await PGlite.create({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
});

/** Open transactions: id → { tx, finish(commit) }; and the promise each settles when it ends. */
const transactions = new Map();
const endings = new Map();
let nextTransaction = 1;

function errorOf(error) {
  const plain = { name: error?.name, message: error?.message ?? String(error) };
  for (const key of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema']) {
    if (error?.[key] !== undefined) plain[key] = error[key];
  }
  return plain;
}

function resultOf(result) {
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

function begin(id) {
  const transaction = nextTransaction++;
  const done = client
    .transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          transactions.set(transaction, {
            tx,
            finish: (commit) => (commit ? resolve() : reject(new Error('rollback'))),
          });
          parentPort.postMessage({ id, ok: true, value: transaction });
        }),
    )
    .catch(() => undefined)
    .finally(() => {
      transactions.delete(transaction);
      endings.delete(transaction);
    });
  endings.set(transaction, done);
}

async function handle(message) {
  const { id, op, tx, sql, params, rowMode } = message;
  try {
    if (op === 'begin') return void begin(id);
    if (op === 'commit' || op === 'rollback') {
      const ending = endings.get(tx);
      transactions.get(tx).finish(op === 'commit');
      await ending;
      parentPort.postMessage({ id, ok: true });
      return;
    }
    if (op === 'close') {
      await client.close();
      parentPort.postMessage({ id, ok: true });
      return;
    }
    const target = tx ? transactions.get(tx).tx : client;
    const value =
      op === 'exec'
        ? (await target.exec(sql)).map(resultOf)
        : resultOf(await target.query(sql, params, { rowMode, parsers }));
    parentPort.postMessage({ id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: errorOf(error) });
  }
}

parentPort.on('message', (message) => void handle(message));
parentPort.postMessage({ ready: true });
