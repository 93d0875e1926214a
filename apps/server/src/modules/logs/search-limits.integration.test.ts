import { beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { securityLogSchema } from '@ponte/shared/security-log.schema';
import { AppError } from '../../lib/app-error';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createLogsService } from './logs.service';

/** Lines per workspace: enough for one search to cost far more than a request's overhead. */
const linesPerWorkspace = 12_000;
/**
 * Every trigram of this text is in every line, but the text itself in none: the trigram index
 * cannot narrow it down and every line of the period is read again (the costliest search).
 */
const costlySearch = 'status pedido';

describeEachDriver('logs search limits', (driver) => {
  const t = useTestApp(driver);
  let flooder: TestAccount;
  let neighbour: TestAccount;

  const fill = (workspaceId: string) =>
    t.database.db.execute(sql`
      insert into logs (workspace_id, flow_id, execution_id, type, label, message, created_at)
      select ${workspaceId}, 'f' || (i % 10), 'e' || (i / 10), 'user', 'rótulo ' || (i % 100),
        'pedido ' || i || ' cliente ' || md5(i::text) || ' status aprovado',
        now() - (i || ' seconds')::interval
      from generate_series(1, ${linesPerWorkspace}) i`);

  beforeAll(async () => {
    flooder = await t.createAccount({ workspaceName: 'Inundação' });
    neighbour = await t.createAccount({ workspaceName: 'Vizinho' });
    await fill(flooder.workspaceId);
    await fill(neighbour.workspaceId);
    await t.database.db.execute(sql`analyze logs`);
  }, 120_000);

  const search = (account: TestAccount) =>
    t
      .request(account.token)
      .get(
        `/api/v1/monitoring/logs?filters=${encodeURIComponent(JSON.stringify({ search: costlySearch, date_alias: '1d' }))}`,
      );
  /** Three searches of the neighbour, one after the other, each answered with its lines. */
  const threeInARow = async () => {
    for (let i = 0; i < 3; i++) {
      const res = await search(neighbour);
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  it("answers 429 past two concurrent searches of a workspace; another workspace's searches are served meanwhile", async () => {
    const flood = Array.from({ length: 40 }, () => search(flooder));
    await threeInARow();
    const answers = await Promise.all(flood);

    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(38);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json()).toMatchObject({
      code: errorCodes.tooManyRequests,
      message: messages.monitoring.searchBusy(2),
    });

    // The refusals are in the flooder's security log: one line for the flood, not 38.
    const events = await until(async () => {
      const res = await t.request(flooder.token).get('/account/v1/security-log?kind=throttled');
      const log = securityLogSchema.parse(res.json());
      return log.total >= 1 && log;
    }, 'a recusa no registro de segurança');
    expect(events.total).toBe(1);
    expect(events.items[0]).toMatchObject({
      resource: 'GET /api/v1/monitoring/logs',
      user: { _id: flooder.userId },
    });
    // Once the flood is over, searches are served again.
    expect((await search(flooder)).statusCode).toBe(200);
  }, 120_000);

  it('stops a search at the statement timeout with a pt-BR answer', async () => {
    const service = createLogsService({
      db: t.database.db,
      now: () => new Date(),
      searchTimeoutMs: 1,
    });
    const error = await service
      .list(neighbour, { search: costlySearch, date_alias: '1000d' }, 1, 20)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 503,
      code: errorCodes.searchTimeout,
      message: messages.monitoring.searchTimeout,
    });
  });
});
