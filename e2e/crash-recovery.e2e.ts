import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';
import { until } from './support/until';

const admin = { PONTE_ADMIN_EMAIL: 'ops@exemplo.com.br', PONTE_ADMIN_PASSWORD: 'segredo-forte-1' };

function chain(...types: { type: string; params?: object }[]) {
  const nodes = types.map((step, index) => ({
    uid: `n${index}`,
    type: step.type,
    position: { x: index * 200, y: 0 },
    params: step.params ?? {},
  }));
  const edges = nodes.slice(1).map((node, index) => ({
    id: `e${index}`,
    source: `n${index}`,
    sourceOutput: 'default',
    target: node.uid,
  }));
  return { version: 1, nodes, edges };
}

/** A client of one running server, signed in as the bootstrap owner. */
async function signIn(server: RunningServer) {
  const call = async (method: string, path: string, body?: object, token?: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const login = await call('POST', '/account/v1/authenticate', {
    email: admin.PONTE_ADMIN_EMAIL,
    password: admin.PONTE_ADMIN_PASSWORD,
  });
  expect(login.status).toBe(200);
  const token = login.body.token as string;
  return (method: string, path: string, body?: object) => call(method, path, body, token);
}

describe('Queda do processo durante uma execução', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ponte-crash-'));
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('marks the execution killed with the process as crashed, and runs new ones after restart', async () => {
    const first = await startServer(admin, { dataDir });
    servers.push(first);
    let api = await signIn(first);
    const slow = await api('POST', '/api/v1/flows', {
      name: 'Espera longa',
      enabled: true,
      data: chain(
        { type: 'core_manual_trigger' },
        { type: 'core_delay', params: { amount: 60, unit: 's' } },
      ),
    });
    expect(slow.status).toBe(201);
    const quick = await api('POST', '/api/v1/flows', {
      name: 'Registro rápido',
      enabled: true,
      data: chain(
        { type: 'core_manual_trigger' },
        { type: 'core_log', params: { label: 'depois', message: 'rodou depois da queda' } },
      ),
    });
    expect(quick.status).toBe(201);
    const started = await api('POST', `/engine/flow/manual-trigger/${slow.body._id as string}`, {});
    expect(started.status).toBe(200);
    const executionId = started.body.execution_id as string;
    await until(async () => {
      const running = await api('GET', '/api/v1/monitoring/executions/running');
      return (running.body as unknown as { execution_id: string }[]).some(
        (row) => row.execution_id === executionId,
      );
    }, 'a execução começar');

    await first.kill();

    const second = await startServer(admin, { dataDir });
    servers.push(second);
    api = await signIn(second);
    const completed = await api('GET', '/api/v1/monitoring/executions/completed');
    const items = (
      completed.body.items as { data: { execution_id: string; status: string } }[]
    ).map((item) => item.data);
    expect(items.find((item) => item.execution_id === executionId)?.status).toBe('crashed');
    expect((await api('GET', '/api/v1/monitoring/executions/running')).body).toEqual([]);

    const again = await api('POST', `/engine/flow/manual-trigger/${quick.body._id as string}`, {});
    expect(again.status).toBe(200);
    const finished = await until(async () => {
      const list = await api('GET', '/api/v1/monitoring/executions/completed');
      const rows = (list.body.items as { data: { execution_id: string; status: string } }[]).map(
        (item) => item.data,
      );
      return rows.find((row) => row.execution_id === again.body.execution_id) ?? false;
    }, 'a nova execução terminar');
    expect(finished.status).toBe('success');
  });
});
