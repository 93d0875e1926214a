import type pg from 'pg';
import type { ClusterProcess } from './cluster';

export interface ExecutionRow {
  id: string;
  status: string;
  owner_id: string | null;
  /** The Node process id of the owner, while its row is in `ponte_processes`. */
  owner_pid: number | null;
  scheduled_at: string | null;
}

/** Every execution of a flow as stored, oldest first, with its owner's pid when known. */
export async function executionsOf(db: pg.Pool, flowId: string): Promise<ExecutionRow[]> {
  const { rows } = await db.query<ExecutionRow>(
    `select e.id, e.status, e.owner_id, p.pid as owner_pid,
            e.trigger_msg -> 'payload' ->> 'scheduled_at' as scheduled_at
       from executions e left join ponte_processes p on p.id = e.owner_id
      where e.flow_id = $1
      order by e.queued_at, e.id`,
    [flowId],
  );
  return rows;
}

/** The status of each of these executions, by id. */
export async function statusesOf(db: pg.Pool, ids: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ id: string; status: string }>(
    'select id, status from executions where id = any($1)',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** Whether every one of `ids` has this status. */
export async function allHave(db: pg.Pool, ids: string[], status: string): Promise<boolean> {
  const statuses = await statusesOf(db, ids);
  return ids.every((id) => statuses.get(id) === status);
}

/** Sum of a counter over its labels in the process's /metrics (Prometheus text). */
export async function counterOf(server: ClusterProcess, name: string): Promise<number> {
  const reply = await fetch(`${server.url}/metrics`);
  if (!reply.ok) throw new Error(`/metrics de ${server.url} respondeu ${reply.status}`);
  return (await reply.text())
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.trim().split(/\s+/).pop()), 0);
}

/** Calls a webhook of a flow through a process; gives the status and the JSON body. */
export async function callWebhook(
  server: ClusterProcess,
  flowId: string,
  path: string,
  body: object = {},
): Promise<{ status: number; body: unknown }> {
  const reply = await fetch(`${server.url}/engine/webhook/${flowId}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await reply.text();
  return { status: reply.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}
