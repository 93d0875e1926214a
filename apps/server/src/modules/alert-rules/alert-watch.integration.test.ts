import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { limits } from '@ponte/shared/limits';
import { expect, it } from 'vitest';
import { alertFirings, alertRules, logs } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLogWriter, type LogEntry } from '../logs/log-writer';
import { createAlertWatch } from './alert-watch';

describeEachDriver('alert watch in the log writer', (driver) => {
  // An instance SMTP lets e-mail rules name no account; nothing is sent in these tests.
  const t = useTestApp(driver, {
    alerts: {
      smtp: { host: '127.0.0.2', port: 2525, secure: false },
      dispatchIntervalMs: 3_600_000,
    },
  });

  async function ruleIn(
    workspaceId: string,
    content: string,
    flowId: string | null = null,
    more: Partial<typeof alertRules.$inferInsert> = {},
  ) {
    const id = randomUUID();
    await t.database.db.insert(alertRules).values({
      id,
      workspaceId,
      name: 'Regra',
      type: 'match_log',
      action: 'webhook',
      actionWebhookMethod: 'post',
      actionWebhookUrl: 'http://127.0.0.1:9/x',
      matchLogType: 'message',
      matchLogContent: content,
      flowId,
      timewindowSeconds: 60,
      ...more,
    });
    return id;
  }

  const line = (
    workspaceId: string,
    message: unknown,
    at: Date,
    more: Partial<LogEntry> = {},
  ): LogEntry => ({
    workspaceId,
    flowId: 'flow-1',
    executionId: 'exec-1',
    type: 'user',
    label: 'L',
    message,
    createdAt: at,
    ...more,
  });

  async function watching() {
    const watch = createAlertWatch(t.database.db, {
      onError: (error) => {
        throw error;
      },
    });
    await watch.refresh();
    return watch;
  }

  const messagesOf = async (workspaceId: string) =>
    (
      await t.database.db
        .select({ message: logs.message })
        .from(logs)
        .where(eq(logs.workspaceId, workspaceId))
        .orderBy(logs.createdAt, logs.message)
    ).map((row) => row.message);

  const firingsOf = (ruleId: string) =>
    t.database.db
      .select()
      .from(alertFirings)
      .where(eq(alertFirings.ruleId, ruleId))
      .orderBy(alertFirings.openedAt);

  it('counts a burst in one window, opens a new one after it closes, and sees only its workspace', async () => {
    const mine = await t.createAccount();
    const other = await t.createAccount();
    const ruleId = await ruleIn(mine.workspaceId, '/time(out)?/i');
    const otherRule = await ruleIn(other.workspaceId, 'nunca');
    const watch = createAlertWatch(t.database.db, {
      onError: (error) => {
        throw error;
      },
    });
    await watch.refresh();
    const writer = createLogWriter(t.database.db, { watch, maxBatch: 20 });
    const start = new Date('2026-11-24T12:00:00Z');
    for (let i = 0; i < 50; i += 1) {
      writer.write(line(mine.workspaceId, `pedido ${i}: TIMEOUT`, new Date(start.getTime() + i)));
      writer.write(line(mine.workspaceId, `pedido ${i}: ok`, new Date(start.getTime() + i)));
      writer.write(line(other.workspaceId, `pedido ${i}: timeout`, new Date(start.getTime() + i)));
    }
    await writer.flush();
    let firings = await firingsOf(ruleId);
    expect(firings).toHaveLength(1);
    expect(firings[0]).toMatchObject({ state: 'open', count: 50 });
    expect(firings[0]!.lines).toHaveLength(10);
    expect(firings[0]!.lines[0]!.message).toBe('pedido 0: TIMEOUT');
    expect(firings[0]!.closesAt.getTime() - firings[0]!.openedAt.getTime()).toBe(60_000);

    writer.write(line(mine.workspaceId, 'outro timeout', new Date(start.getTime() + 61_000)));
    await writer.close();
    firings = await firingsOf(ruleId);
    expect(firings.map((row) => [row.state, row.count])).toEqual([
      ['due', 50],
      ['open', 1],
    ]);
    expect(await firingsOf(otherRule)).toEqual([]);
  });

  const at = (ms: number) => new Date(Date.parse('2026-11-24T12:00:00Z') + ms);

  it("watches only its flow, only enabled match_log rules, and never the debugger's lines", async () => {
    const { workspaceId } = await t.createAccount();
    const onFlowA = await ruleIn(workspaceId, 'erro', 'flow-a');
    const anyFlow = await ruleIn(workspaceId, 'erro', '');
    const disabled = await ruleIn(workspaceId, 'erro', null, { enabled: false });
    const deadMan = await ruleIn(workspaceId, 'erro', 'flow-a', {
      type: 'no_success',
      noSuccessMinutes: 60,
    });
    const writer = createLogWriter(t.database.db, { watch: await watching() });
    writer.write(line(workspaceId, 'erro em A', at(0), { flowId: 'flow-a' }));
    writer.write(line(workspaceId, 'erro em B', at(1), { flowId: 'flow-b' }));
    writer.write(line(workspaceId, 'erro em B', at(2), { flowId: 'flow-b' }));
    writer.write(line(workspaceId, 'erro depurado', at(3), { flowId: 'flow-a', type: 'debug' }));
    writer.write(line(workspaceId, 'erro interno', at(4), { flowId: 'flow-a', type: 'internal' }));
    await writer.close();
    expect((await firingsOf(onFlowA)).map((row) => row.count)).toEqual([2]);
    expect((await firingsOf(anyFlow)).map((row) => row.count)).toEqual([4]);
    expect(await firingsOf(disabled)).toEqual([]);
    expect(await firingsOf(deadMan)).toEqual([]);
    expect(await messagesOf(workspaceId)).toHaveLength(5);
  });

  it('matches a field of the JSON message and keeps each line cut to its limit', async () => {
    const { workspaceId } = await t.createAccount();
    const ruleId = await ruleIn(workspaceId, '/^recus/i', null, {
      matchLogType: 'message_json',
      matchLogJsonField: 'pedido.itens.1.status',
    });
    const writer = createLogWriter(t.database.db, { watch: await watching() });
    const order = (status: string) => ({
      pedido: { itens: [{ status: 'ok' }, { status, nota: 'x'.repeat(3000) }] },
    });
    writer.write(line(workspaceId, order('Recusado'), at(0)));
    writer.write(line(workspaceId, order('aprovado'), at(1)));
    writer.write(line(workspaceId, 'Recusado, mas não é JSON', at(2)));
    writer.write(line(workspaceId, order('RECUSADO'), at(3)));
    await writer.close();
    const [firing] = await firingsOf(ruleId);
    expect(firing).toMatchObject({ state: 'open', count: 2 });
    expect(firing!.lines).toHaveLength(2);
    expect(firing!.lines[0]!.message).toHaveLength(limits.alertLineMessageMax);
    expect(firing!.lines[0]!.message).toBe(
      JSON.stringify(order('Recusado')).slice(0, limits.alertLineMessageMax),
    );
    expect((await messagesOf(workspaceId))[0]).toBe(JSON.stringify(order('Recusado')));
  });

  it('applies an edited rule after the next refresh', async () => {
    const { workspaceId } = await t.createAccount();
    const ruleId = await ruleIn(workspaceId, 'antigo');
    const watch = await watching();
    const writer = createLogWriter(t.database.db, { watch });
    writer.write(line(workspaceId, 'texto antigo', at(0)));
    await writer.flush();
    await t.database.db
      .update(alertRules)
      .set({ matchLogContent: '/nov[oa]/', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(alertRules.id, ruleId));
    await watch.refresh();
    writer.write(line(workspaceId, 'texto antigo', at(1)));
    writer.write(line(workspaceId, 'texto novo', at(2)));
    writer.write(line(workspaceId, 'regra nova', at(3)));
    await writer.close();
    const [firing] = await firingsOf(ruleId);
    expect(firing!.count).toBe(3);
    expect(firing!.lines.map((row) => row.message)).toEqual([
      'texto antigo',
      'texto novo',
      'regra nova',
    ]);
  });

  it('stores the lines of a rule deleted after the rules were read, and no window', async () => {
    const { workspaceId } = await t.createAccount();
    const ruleId = await ruleIn(workspaceId, 'erro');
    const errors: unknown[] = [];
    const writer = createLogWriter(t.database.db, {
      watch: await watching(),
      onError: (error) => errors.push(error),
    });
    await t.database.db.delete(alertRules).where(eq(alertRules.id, ruleId));
    writer.write(line(workspaceId, 'erro 1', at(0)));
    writer.write(line(workspaceId, 'erro 2', at(1)));
    await writer.close();
    expect(errors).toEqual([]);
    expect(await messagesOf(workspaceId)).toEqual(['erro 1', 'erro 2']);
    expect(await firingsOf(ruleId)).toEqual([]);
  });

  it('stores the lines and their window together or not at all', async () => {
    const { workspaceId } = await t.createAccount();
    const ruleId = await ruleIn(workspaceId, 'erro');
    const watch = await watching();
    // The first transaction that records a window fails after its lines were inserted.
    let failures = 1;
    const failingOnce: typeof watch = {
      ...watch,
      async record(tx, found) {
        await watch.record(tx, found);
        if (failures-- > 0) throw new Error('falha no meio do lote');
      },
    };
    const errors: unknown[] = [];
    const writer = createLogWriter(t.database.db, {
      watch: failingOnce,
      onError: (error) => errors.push(error),
    });
    writer.write(line(workspaceId, 'erro 1', at(0)));
    writer.write(line(workspaceId, 'ok', at(1)));
    writer.write(line(workspaceId, 'erro 2', at(2)));
    await writer.close();
    // Nothing of the failed transaction stayed; the batch, tried again, stored each line and
    // counted it once.
    expect(failures).toBe(-1);
    expect(errors).toEqual([]);
    expect(await messagesOf(workspaceId)).toEqual(['erro 1', 'ok', 'erro 2']);
    const firings = await firingsOf(ruleId);
    expect(firings.map((row) => row.count)).toEqual([2]);
    expect(firings[0]!.lines.map((row) => row.message)).toEqual(['erro 1', 'erro 2']);
  });

  it('counts only the matching lines stored when the database refuses one of them', async () => {
    const { workspaceId } = await t.createAccount();
    const ruleId = await ruleIn(workspaceId, 'erro');
    const refused = `recusada-${randomUUID().slice(0, 8)}`;
    await t.database.db.execute(
      sql.raw(`alter table logs add constraint test_refused_${refused.slice(9)}
        check (label <> '${refused}')`),
    );
    const errors: [unknown, number | undefined][] = [];
    const writer = createLogWriter(t.database.db, {
      watch: await watching(),
      onError: (error, dropped) => errors.push([error, dropped]),
    });
    writer.write(line(workspaceId, 'erro 1', at(0)));
    writer.write(line(workspaceId, 'ok', at(1)));
    writer.write(line(workspaceId, 'erro recusado', at(2), { label: refused }));
    writer.write(line(workspaceId, 'erro 2', at(3)));
    await writer.close();
    expect(await messagesOf(workspaceId)).toEqual(['erro 1', 'ok', 'erro 2']);
    const firings = await firingsOf(ruleId);
    expect(firings.map((row) => row.count)).toEqual([2]);
    expect(firings[0]!.lines.map((row) => row.message)).toEqual(['erro 1', 'erro 2']);
    expect(errors.map(([, dropped]) => dropped)).toEqual([1]);
  });
});
