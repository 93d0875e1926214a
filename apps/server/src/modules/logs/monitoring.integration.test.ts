import { expect, it } from 'vitest';
import { logListSchema } from '@ponte/shared/monitoring.schema';
import { messages } from '@ponte/shared/messages';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLogWriter, type LogEntry } from './log-writer';

const minutes = (n: number) => n * 60_000;

describeEachDriver('monitoring logs', (driver) => {
  const t = useTestApp(driver);

  const write = async (entries: Partial<LogEntry>[], workspaceId: string) => {
    const writer = createLogWriter(t.database.db, { maxBatch: 1000 });
    for (const entry of entries) {
      writer.write({
        workspaceId,
        flowId: 'flow-a',
        executionId: 'exec-1',
        type: 'user',
        label: '',
        message: '',
        createdAt: t.clock.now(),
        ...entry,
      });
    }
    await writer.close();
  };
  const query = (api: ReturnType<typeof t.request>, filters: object = {}, extra = '') =>
    api.get(
      `/api/v1/monitoring/logs?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`,
    );

  it('answers the newest logs of the last hour by default, with the spec fields', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const now = t.clock.now().getTime();
    await write(
      [
        { message: 'antigo', createdAt: new Date(now - minutes(90)) },
        {
          message: { pedido: 7 },
          label: 'Pedido',
          nodeUid: 'n1',
          createdAt: new Date(now - minutes(5)),
        },
        { message: 'recente', type: 'internal', createdAt: new Date(now - minutes(1)) },
      ],
      account.workspaceId,
    );
    const res = await query(api);
    expect(res.statusCode).toBe(200);
    const list = logListSchema.parse(res.json());
    expect(list.total).toBe(2);
    expect(list.items.map((item) => item.data.message)).toEqual(['recente', '{"pedido":7}']);
    expect(list.items[1]!.data).toMatchObject({
      label: 'Pedido',
      execution_id: 'exec-1',
      type: 'user',
      flow_id: 'flow-a',
      node_uid: 'n1',
      timestamp: new Date(now - minutes(5)).toISOString(),
    });
    expect((await query(api, { date_alias: '1d' })).json().total).toBe(3);
  });

  it('filters by period (UTC-3 dates), flow, execution, type and text in message or label', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const base = Date.parse('2026-03-10T15:00:00Z');
    await write(
      [
        {
          message: 'pagamento aprovado',
          flowId: 'f1',
          executionId: 'e1',
          createdAt: new Date(base),
        },
        {
          message: 'falhou',
          label: 'Pagamento',
          flowId: 'f1',
          executionId: 'e2',
          type: 'internal',
          createdAt: new Date(base + 1000),
        },
        { message: 'outro', flowId: 'f2', executionId: 'e3', createdAt: new Date(base + 2000) },
        {
          message: 'fora',
          flowId: 'f1',
          executionId: 'e4',
          createdAt: new Date(base + minutes(120)),
        },
      ],
      account.workspaceId,
    );
    const period = { from: '2026-03-10T12:00:00-03:00', to: '2026-03-10T12:30:00-03:00' };
    const total = async (filters: object) =>
      (await query(api, { ...period, ...filters })).json().total;
    expect(await total({})).toBe(3);
    expect(await total({ flow: 'f1' })).toBe(2);
    expect(await total({ execution_id: 'e2' })).toBe(1);
    expect(await total({ type: 'internal' })).toBe(1);
    expect(await total({ type: 'all' })).toBe(3);
    expect(await total({ search: 'PAGAMENTO' })).toBe(2);
    expect(await total({ search: '100%' })).toBe(0);
  });

  it('stores any text a flow logs, a NUL character included, without losing the batch', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const now = t.clock.now().getTime();
    const tricky = 'aspas "duplas" e \'simples\', barra \\ , emoji 🚀, ç ã é, {"json": [1]}';
    await write(
      [
        { message: `antes\u0000depois`, label: 'rótulo\u0000', createdAt: new Date(now - 2) },
        { message: tricky, label: 'Texto', createdAt: new Date(now - 1) },
      ],
      account.workspaceId,
    );
    const items = (await query(api)).json().items as { data: { message: string; label: string } }[];
    expect(items.map((item) => item.data.message)).toEqual([tricky, 'antes\uFFFDdepois']);
    expect(items[1]!.data.label).toBe('rótulo\uFFFD');
  });

  it('pages by 20 and caps the total at 10000', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const now = t.clock.now().getTime();
    await write(
      Array.from({ length: 10_005 }, (_, i) => ({
        message: `linha ${i}`,
        createdAt: new Date(now - i),
      })),
      account.workspaceId,
    );
    const first = (await query(api)).json();
    expect(first.total).toBe(10_000);
    expect(first.items).toHaveLength(20);
    expect(first.items[0].data.message).toBe('linha 0');
    const second = (await query(api, {}, '&page=2')).json();
    expect(second.items[0].data.message).toBe('linha 20');
  });

  it('keeps logs inside their workspace and refuses malformed filters', async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    await write([{ message: 'segredo' }], owner.workspaceId);
    expect((await query(t.request(stranger.token), { date_alias: '1000d' })).json()).toEqual({
      items: [],
      total: 0,
    });
    const bad = await t.request(owner.token).get('/api/v1/monitoring/logs?filters=%7Bnao-json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.monitoring.badFilters);
    const wrongType = await query(t.request(owner.token), { type: 'qualquer' });
    expect(wrongType.statusCode).toBe(400);
  });
});
