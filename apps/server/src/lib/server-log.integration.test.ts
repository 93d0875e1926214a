import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { chain, createFlow, finished } from '../test/flow-fixtures';
import { describeEachDriver } from '../test/test-database';
import { until } from '../test/until';

/** A value that looks like a secret; the database refuses any row holding it. */
const secret = 'sk-live-SEGREDO-9f8e7d6c';

describeEachDriver("the server's own log", (driver) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = useTestApp(driver, { logger: { level: 'info', stream } });

  it('never holds SQL parameters, rows, flow documents or log contents of a failed query', async () => {
    // Constraints of the test's own make the database refuse the secret, as a real failure.
    for (const [table, column] of [
      ['groups', 'name'],
      ['variables', 'value'],
      ['flows', 'data::text'],
      ['logs', 'message'],
    ]) {
      await t.database.db.execute(
        sql.raw(
          `alter table ${table} add constraint test_no_secret_${table} check (position('sk-live-' in ${column}) = 0)`,
        ),
      );
    }
    const account = await t.createAccount();
    const api = t.request(account.token);
    const failed = [
      await api.post('/api/v1/groups', { name: secret }),
      await api.post('/api/v1/variables', { name: 'Chave', key: 'CHAVE', value: secret }),
      await api.post('/api/v1/flows', {
        name: 'Com segredo',
        data: chain(
          { type: 'core_manual_trigger' },
          { type: 'core_log', params: { label: 'L', message: secret } },
        ),
      }),
    ];
    for (const res of failed) {
      expect(res.statusCode, res.body).toBe(500);
      expect(res.body).not.toContain(secret);
    }
    // A log line the database refuses: the writer reports the failure in the server log.
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_log', params: { label: 'L', message: '{{ msg.payload.chave }}' } },
      ),
    );
    const run = await api.post(`/engine/flow/manual-trigger/${flowId}`, { chave: secret });
    expect(run.statusCode, run.body).toBe(200);
    await finished(t, flowId);
    await until(
      () => lines.some((line) => line.includes('falha ao gravar logs')),
      'o aviso de logs não gravados',
    );

    const errors = lines.filter((line) => line.includes('"level":50'));
    expect(errors.length).toBeGreaterThanOrEqual(4);
    // The log still says what failed: the SQLSTATE code and the constraint's name.
    expect(errors.join('\n')).toContain('23514');
    expect(errors.join('\n')).toContain('test_no_secret_groups');
    expect(lines.join('\n')).not.toContain('SEGREDO');
    expect(lines.join('\n')).not.toContain('Failing row');
  });
});
