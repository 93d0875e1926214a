import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WaitingExecution } from '@ponte/shared/monitoring.schema';
import { executions, logs } from '../../db/schema';
import { createFlow } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { createSharedTestDatabase, type SharedTestDatabase } from '../../test/test-database';
import { until } from '../../test/until';

const at = (x: number, y = 0) => ({ x, y });

/** Manual trigger → 'Aguardar chamada' (link → log 'Link'; called → 'Chamado'; expired → 'Expirou'). */
const waitFlow = {
  version: 1,
  nodes: [
    { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
    {
      uid: 'espera',
      type: 'core_wait_call',
      position: at(200),
      params: { timeout: 1, timeout_unit: 'h' },
    },
    {
      uid: 'link',
      type: 'core_log',
      position: at(400, -100),
      params: { label: 'Link', message: '{{ msg.wait.url }}' },
    },
    {
      uid: 'chamado',
      type: 'core_log',
      position: at(400, 0),
      params: { label: 'Chamado', message: '{{ msg.payload.pago }} {{ msg.call.query.via }}' },
    },
    {
      uid: 'expirou',
      type: 'core_log',
      position: at(400, 100),
      params: { label: 'Expirou', message: '{{ msg.payload.pedido }}' },
    },
  ],
  edges: [
    { id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'espera' },
    { id: 'e2', source: 'espera', sourceOutput: 'link', target: 'link' },
    { id: 'e3', source: 'espera', sourceOutput: 'default', target: 'chamado' },
    { id: 'e4', source: 'espera', sourceOutput: 'expired', target: 'expirou' },
  ],
};

const linesOf = async (t: TestContext, flowId: string, label: string) =>
  (await t.database.db.select().from(logs).where(eq(logs.flowId, flowId)))
    .filter((line) => line.label === label)
    .map((line) => String(line.message));

const statusOf = async (t: TestContext, flowId: string) =>
  (await t.database.db.select().from(executions).where(eq(executions.flowId, flowId)))[0]?.status;

/** Runs the flow, waits until it waits, and gives the link it sent. */
async function runUntilWaiting(t: TestContext, account: TestAccount, flowId: string) {
  const started = await t
    .request(account.token)
    .post(`/engine/flow/manual-trigger/${flowId}`, { pedido: 12 });
  expect(started.statusCode, started.body).toBe(200);
  await until(async () => (await statusOf(t, flowId)) === 'waiting', 'a execução aguardar');
  const [url] = await until(async () => {
    const lines = await linesOf(t, flowId, 'Link');
    return lines.length > 0 && lines;
  }, 'o link no log');
  expect(url).toMatch(/^\/engine\/resume\/[A-Za-z0-9_-]{32}$/);
  return url!;
}

const call = (t: TestContext, url: string, body?: object) =>
  t.app.inject({ method: 'POST', url: `${url}?via=pix`, ...(body ? { payload: body } : {}) });

let shared: SharedTestDatabase;
beforeAll(async () => {
  shared = await createSharedTestDatabase('embedded');
});
afterAll(async () => {
  await shared.dispose();
});
const options = { openDatabase: () => shared.open() };
const kept: { account?: TestAccount; flowId?: string; url?: string } = {};

describe("'Aguardar chamada': before a restart", () => {
  const t = useTestApp('embedded', options);

  it('sends a unique link and waits for it, holding nothing, with the reason in the list', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, waitFlow);
    const url = await runUntilWaiting(t, account, flowId);
    const waiting = await t.request(account.token).get('/api/v1/monitoring/executions/waiting');
    const [item] = (waiting.json() as { items: WaitingExecution[] }).items;
    expect(item).toMatchObject({ status: 'waiting', run_now: false, reason: { kind: 'call' } });
    expect(item!.reason.text).toMatch(
      /^Aguardando uma chamada ao link \(expira em \d{2}\/\d{2}\/\d{4} /,
    );
    Object.assign(kept, { account, flowId, url });
  });
});

describe("'Aguardar chamada': after a restart", () => {
  const t = useTestApp('embedded', options);

  it("resumes on a call to the link with the caller's body, once", async () => {
    const { flowId, url } = kept as Required<typeof kept>;
    const answered = await call(t, url, { pago: true });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ message: 'Chamada recebida: a execução continua.' });
    await until(async () => (await statusOf(t, flowId)) === 'success', 'a execução continuar');
    expect(
      await until(async () => {
        const lines = await linesOf(t, flowId, 'Chamado');
        return lines.length > 0 && lines;
      }, 'a linha do conector chamado'),
    ).toEqual(['true pix']);
    expect(await linesOf(t, flowId, 'Expirou')).toEqual([]);

    const again = await call(t, url, { pago: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este link de espera já foi usado.');
    const unknown = await call(t, '/engine/resume/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(unknown.statusCode).toBe(404);
  });

  it("goes on by 'Expirado' when the time runs out, and the link then answers that it expired", async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, waitFlow);
    const url = await runUntilWaiting(t, account, flowId);
    t.clock.advance(61 * 60_000);
    await until(async () => (await statusOf(t, flowId)) === 'success', 'a espera expirar');
    expect(
      await until(async () => {
        const lines = await linesOf(t, flowId, 'Expirou');
        return lines.length > 0 && lines;
      }, 'a linha do conector expirado'),
    ).toEqual(['12']);
    expect(await linesOf(t, flowId, 'Chamado')).toEqual([]);
    const late = await call(t, url, { pago: true });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('Este link de espera expirou.');
  });
});
