import { describe, expect, it } from 'vitest';
import { chain, createFlow, finished, userLogsOf } from '../../test/flow-fixtures';
import { useTestApp, type Requester } from '../../test/test-app';
import { postgresTestUrl } from '../../test/test-database';

const title = 'Consulta SQL through a database_uri account, end to end';

/** Runs on PGlite (the app's own database); the queried one is the local PostgreSQL. */
(postgresTestUrl ? describe : describe.skip)(
  postgresTestUrl ? title : `${title} (defina PONTE_TEST_DATABASE_URL para rodar)`,
  () => {
    const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.1/32'] });

    const createDbAccount = async (api: Requester, uri: string) => {
      const res = await api.post('/api/v1/service-accounts', {
        name: `Banco ${uri.slice(0, 8)}`,
        auth_type: 'database_uri',
        database_uri: { uri },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()._id as string;
    };

    const queryFlow = (accountId: string, query: string) =>
      chain(
        { type: 'core_manual_trigger' },
        {
          type: 'core_sql_query',
          params: {
            service_account: accountId,
            query,
            parameters: "{{ [\"x' or '1'='1\", 3] }}",
            max_rows: 2,
          },
        },
        {
          type: 'core_log',
          params: {
            label: 'resultado',
            message: '{{ $string({"rows": msg.payload, "sql": msg.sql}) }}',
          },
        },
      );

    it('tests the account and runs Manual Trigger → Consulta SQL with bound parameters', async () => {
      const account = await t.createAccount();
      const api = t.request(account.token);
      const accountId = await createDbAccount(api, postgresTestUrl!);
      const test = await api.post(`/api/v1/service-accounts/${accountId}/test`);
      expect(test.json()).toMatchObject({ status: 'ok' });
      expect(test.json().message).toMatch(/^Conectado ao banco de dados 127\.0\.0\.1:5432\//);

      const flowId = await createFlow(
        t,
        account,
        queryFlow(accountId, 'select $1::text as texto, g from generate_series(1, $2::int) g'),
      );
      await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
      const [execution] = await finished(t, flowId);
      expect(execution?.status).toBe('success');
      const [line] = await userLogsOf(api, execution!.id);
      expect(JSON.parse(line!.message)).toEqual({
        rows: [
          { texto: "x' or '1'='1", g: 1 },
          { texto: "x' or '1'='1", g: 2 },
        ],
        sql: { row_count: 2, fields: ['texto', 'g'], truncated: true },
      });
    });

    it('refuses other databases and blocked addresses in pt-BR', async () => {
      const account = await t.createAccount();
      const api = t.request(account.token);
      const mysql = await createDbAccount(api, 'mysql://root:segredo@127.0.0.1/loja');
      expect((await api.post(`/api/v1/service-accounts/${mysql}/test`)).json()).toMatchObject({
        status: 'failed',
        message: 'Apenas bancos PostgreSQL (postgres://) são aceitos por enquanto.',
      });
      const internal = await createDbAccount(api, 'postgres://u:segredo-interno@10.1.2.3:5432/x');
      const flowId = await createFlow(t, account, queryFlow(internal, 'select 1'));
      await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
      const [execution] = await finished(t, flowId);
      expect(execution?.status).toBe('error');
      expect(execution?.error?.message).toContain('10.1.2.3');
      expect(execution?.error?.message).toContain('PONTE_HTTP_ALLOWED_NETWORKS');
      expect(execution?.error?.message).not.toContain('segredo-interno');
    });
  },
);
