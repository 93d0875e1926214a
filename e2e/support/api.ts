import type { RunningServer } from './server';
import { admin } from './session';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON, read as a person would
export type Reply = { status: number; body: any };
export type Call = (method: string, path: string, body?: object) => Promise<Reply>;

/** A client of the server's API with the owner's token (from signInAsAdmin or a login). */
export function apiClient(server: RunningServer, token: string): Call {
  return async (method, path, body) => {
    const reply = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await reply.text();
    return { status: reply.status, body: text ? JSON.parse(text) : undefined };
  };
}

/** The owner's token, through the login API (the owner comes from PONTE_ADMIN_*). */
export async function adminToken(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/account/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.PONTE_ADMIN_EMAIL, password: admin.PONTE_ADMIN_PASSWORD }),
  });
  const { token } = (await response.json()) as { token: string };
  return token;
}

export interface ChainStep {
  type: string;
  params?: object;
  label?: string;
}

/** A flow document whose nodes run one after another through their 'default' outputs. */
export function chain(...steps: ChainStep[]) {
  const nodes = steps.map((step, index) => ({
    uid: `n${index}`,
    type: step.type,
    position: { x: index * 260, y: 0 },
    params: step.params ?? {},
    ...(step.label ? { label: step.label } : {}),
  }));
  const edges = nodes.slice(1).map((node, index) => ({
    id: `n${index}:default->${node.uid}`,
    source: `n${index}`,
    sourceOutput: 'default',
    target: node.uid,
  }));
  return { version: 1, nodes, edges };
}

/** Creates an enabled flow through the API and gives its id. */
export async function createFlow(
  call: Call,
  name: string,
  steps: ChainStep[],
  extra: { group?: string; enabled?: boolean } = {},
): Promise<string> {
  const created = await call('POST', '/api/v1/flows', {
    name,
    enabled: extra.enabled ?? true,
    ...(extra.group ? { group: extra.group } : {}),
    data: chain(...steps),
  });
  if (created.status !== 201) {
    throw new Error(`O flow ${name} não foi criado: ${JSON.stringify(created.body)}`);
  }
  return created.body._id as string;
}

/** The user logs of the last hour, as {label, message}, newest first. */
export async function userLogs(call: Call): Promise<{ label: string; message: string }[]> {
  const filters = encodeURIComponent(JSON.stringify({ type: 'user', date_alias: '1h' }));
  const logs = await call('GET', `/api/v1/monitoring/logs?filters=${filters}`);
  return (logs.body.items as { data: { label: string; message: string } }[]).map(
    (item) => item.data,
  );
}
