import { describe, expect, it } from 'vitest';
import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import type { EnginePoll } from '@ponte/engine/engine';
import type { FlowRow } from '../flows/flows.repository';
import { eq } from 'drizzle-orm';
import { flows } from '../../db/schema';
import { chain, createFlow } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import { createPollCursorsRepository } from './poll-cursors.repository';
import { createPollScheduler } from './poll-scheduler';
import { createManualClock } from './timer-clock';

// Two processes on one database, each with its own poll scheduler and timers on the same clock;
// the service is a counter: each poll gives the items added since the cursor.

const minute = 60_000;

describe('the poll scheduler', () => {
  const t = useTestApp('embedded');

  function setup() {
    const clock = createManualClock(Date.parse('2026-11-23T12:00:00.000Z'));
    const service = { items: 0, polls: [] as EnginePoll[], down: false };
    const enqueued: unknown[] = [];
    const lines: string[] = [];
    const definition = {
      manifest: { label: 'Contador' },
      poller: { intervalMs: () => minute, poll: async () => ({ events: [], cursor: null }) },
    } as unknown as NodeDefinition;
    const scheduler = () =>
      createPollScheduler({
        db: t.database.db,
        definition: (type) => (type === 'svc_contador_poll' ? definition : undefined),
        async poll(request) {
          service.polls.push(request);
          if (service.down) throw new Error('O Contador não respondeu.');
          const from = request.cursor === null ? service.items : Number(request.cursor);
          const events = Array.from({ length: service.items - from }, (_, i) => ({
            event: 'item',
            payload: from + i + 1,
          }));
          return { events: request.cursor === null ? [] : events, cursor: service.items };
        },
        enqueue: async (request) => {
          enqueued.push(request.msg.payload);
          return { execution_id: `e${enqueued.length}` };
        },
        log: (entry) => lines.push(String(entry.message)),
        clock,
        report: (error) => {
          throw error;
        },
      });
    // A saved flow (its cursors are deleted with it) seen with a poller node of this test.
    const flow = async (params: Record<string, unknown> = {}) => {
      const owner = await t.createAccount();
      const id = await createFlow(t, owner, chain({ type: 'core_manual_trigger' }), false);
      return {
        id,
        workspaceId: owner.workspaceId,
        enabled: true,
        data: {
          nodes: [{ uid: 'poll', type: 'svc_contador_poll', label: '', params, position: {} }],
        },
      } as unknown as FlowRow;
    };
    return { clock, service, enqueued, lines, scheduler, flow };
  }

  /** Moves a minute, until the flow's poll of that minute has ended (worked or failed). */
  async function tick(clock: ReturnType<typeof createManualClock>, flowId: string) {
    await clock.advance(minute);
    const repository = createPollCursorsRepository(t.database.db);
    await until(
      async () => (await repository.find(flowId, 'poll'))?.polledAt?.getTime() === clock.now(),
    );
  }

  it('polls each tick once across two processes; the first poll only records', async () => {
    const { clock, service, enqueued, scheduler, flow } = setup();
    const one = scheduler();
    const two = scheduler();
    const row = await flow();
    one.sync(row.id, row);
    two.sync(row.id, row);
    service.items = 3;
    await tick(clock, row.id);
    expect(service.polls).toHaveLength(1);
    expect(enqueued).toEqual([]);
    service.items = 5;
    await tick(clock, row.id);
    expect(service.polls).toHaveLength(2);
    expect(enqueued).toEqual([4, 5]);
    one.stop();
    two.stop();
  });

  it('keeps the cursor after a failure and logs it; the next tick polls again', async () => {
    const { clock, service, enqueued, lines, scheduler, flow } = setup();
    const one = scheduler();
    const row = await flow();
    one.sync(row.id, row);
    await tick(clock, row.id);
    service.items = 1;
    service.down = true;
    await tick(clock, row.id);
    expect(lines).toEqual([
      'O gatilho "Contador" não conseguiu consultar o serviço: O Contador não respondeu. A próxima consulta tenta de novo.',
    ]);
    service.down = false;
    service.items = 2;
    await tick(clock, row.id);
    expect(enqueued).toEqual([1, 2]);
    one.stop();
  });

  it('starts over when the node is saved with other params, or the flow is disabled', async () => {
    const { clock, service, enqueued, scheduler, flow } = setup();
    const one = scheduler();
    const row = await flow({ filtro: 'a' });
    one.sync(row.id, row);
    await tick(clock, row.id);
    service.items = 2;
    one.sync(row.id, {
      ...row,
      data: { nodes: [{ ...(row.data as { nodes: object[] }).nodes[0], params: { filtro: 'b' } }] },
    } as FlowRow);
    await tick(clock, row.id);
    expect(service.polls.at(-1)!.cursor).toBeNull();
    expect(enqueued).toEqual([]);

    one.sync(row.id, { ...row, enabled: false });
    await until(
      async () => !(await createPollCursorsRepository(t.database.db).find(row.id, 'poll')),
    );
    one.stop();
  });

  it('forgets where a deleted flow stopped', async () => {
    const { clock, scheduler, flow } = setup();
    const one = scheduler();
    const row = await flow();
    one.sync(row.id, row);
    await tick(clock, row.id);
    one.stop();
    const cursors = createPollCursorsRepository(t.database.db);
    expect(await cursors.find(row.id, 'poll')).toBeTruthy();
    await t.database.db.delete(flows).where(eq(flows.id, row.id));
    expect(await cursors.find(row.id, 'poll')).toBeFalsy();
  });
});

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await check()).toBe(true);
}
