import { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { serviceAccountFields } from '@ponte/shared/service-account-fields';
import {
  serviceAccountTypes,
  type ServiceAccountType,
} from '@ponte/shared/service-accounts.schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

/** Every secret of the test carries this mark, so one search finds any of them. */
const mark = 'SGD0';
const secretOf = (type: string, field: string, round: number) =>
  `${mark}-${type}-${field}-${round}`;

/** A valid sub-object of the type with every non-managed field set; secrets marked. */
function subObject(type: ServiceAccountType, round: number): Record<string, unknown> {
  const sub: Record<string, unknown> = {};
  for (const field of serviceAccountFields[type]) {
    if (field.managed) continue;
    if (field.secret) sub[field.name] = secretOf(type, field.name, round);
    else if (field.name === 'url' || field.name === 'api_url')
      sub[field.name] = 'http://127.0.0.1:9/teste';
    else if (field.kind === 'number') sub[field.name] = 25;
    else if (field.kind === 'switch') sub[field.name] = true;
    else if (field.kind === 'select') sub[field.name] = field.options![0]!.value;
    else sub[field.name] = `publico-${field.name}`;
  }
  return sub;
}

describeEachDriver('service accounts: secrets at rest', (driver) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = useTestApp(driver, { logger: { level: 'trace', stream } });
  const rowsOf = async <T>(query: SQL) =>
    (await t.database.db.execute(query)) as unknown as { rows: T[] };

  it('keeps no secret in clear in any column, answer or server log line', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const answers: string[] = [];
    const ids: string[] = [];
    let apiToken = '';
    for (const type of serviceAccountTypes) {
      const created = await api.post('/api/v1/service-accounts', {
        name: `Conta ${type}`,
        auth_type: type,
        [type]: subObject(type, 1),
      });
      expect(created.statusCode, created.body).toBe(201);
      const { _id: id, token } = created.json() as { _id: string; token?: string };
      if (token) apiToken = token;
      else answers.push(created.body);
      ids.push(id);
      const path = `/api/v1/service-accounts/${id}`;
      const put = await api.put(path, {
        name: `Conta ${type}`,
        auth_type: type,
        [type]: subObject(type, 2),
      });
      expect(put.statusCode, put.body).toBe(200);
      const invalid = await api.put(path, {
        name: '',
        auth_type: type,
        [type]: { ...subObject(type, 3), port: 'não' },
      });
      expect(invalid.statusCode).toBe(400);
      answers.push(put.body, invalid.body, (await api.get(path)).body);
      const tested = await api.post(`${path}/test`);
      answers.push(tested.body);
    }
    expect(apiToken).toMatch(/^pnt_/);
    const reader = t.request(apiToken);
    answers.push((await reader.get('/api/v1/service-accounts')).body);
    answers.push((await api.get('/api/v1/service-accounts?limit=1000')).body);
    answers.push((await reader.post('/api/v1/service-accounts', {})).body);

    for (const answer of answers) {
      expect(answer).not.toContain(mark);
      expect(answer).not.toContain(apiToken.slice(4));
    }

    for (const table of ['service_accounts', 'encryption_check']) {
      const result = await rowsOf<{ row: string }>(
        sql.raw(`select row_to_json(r)::text as row from ${table} r`),
      );
      expect(result.rows.length).toBeGreaterThan(0);
      for (const { row } of result.rows) {
        expect(row).not.toContain(mark);
        expect(row).not.toContain(apiToken.slice(4));
      }
    }
    const sealed = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from service_accounts where secret_data like 'v1:%'`,
    );
    const withSecrets = serviceAccountTypes.filter((type) =>
      serviceAccountFields[type].some((field) => field.secret && !field.managed),
    );
    expect(sealed.rows[0]!.n).toBe(withSecrets.length);

    const log = lines.join('');
    expect(log).toContain('/api/v1/service-accounts');
    expect(log).not.toContain(mark);
    expect(log).not.toContain(apiToken.slice(4));
  });
});
