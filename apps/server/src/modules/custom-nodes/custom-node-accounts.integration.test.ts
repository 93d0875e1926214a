import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customNodeType } from '@ponte/shared/custom-nodes.schema';
import { chain, createFlow, finished, userLogsOf } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { connectorBody, createConnector } from './custom-node-fixtures';

/** A real HTTP server on 127.0.0.1 that answers the Authorization header it received. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ recebido: request.headers.authorization ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server?.close(resolve)));

describeEachDriver('custom connectors using service accounts', (driver) => {
  const t = useTestApp(driver, { httpAllowedNetworks: ['127.0.0.1/32'] });

  it("sends the account's Authorization header when the handler calls through serviceAccount(name)", async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const created = await api.post('/api/v1/service-accounts', {
      name: 'API interna',
      auth_type: 'bearer_token',
      bearer_token: { token: 'tok-interno', url: base },
    });
    expect(created.statusCode, created.body).toBe(201);
    const accountId = (created.json() as { _id: string })._id;
    const connector = await createConnector(
      api,
      connectorBody('API interna', {
        params: [{ type: 'service_account', name: 'conta', label: 'Conta' }],
        code_execution_content: `async function handler(msg, params) {
          const { data } = await serviceAccount('conta').get('${base}/clientes');
          return { payload: data.recebido };
        }`,
      }),
    );
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: customNodeType(connector._id), params: { conta: accountId } },
        { type: 'core_log', params: { label: 'saida', message: '{{ msg.payload }}' } },
      ),
    );
    const res = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const [run] = await finished(t, flowId);
    expect(run!.status, JSON.stringify(run!.error)).toBe('success');
    const [log] = await userLogsOf(api, run!.id);
    expect(log).toMatchObject({ label: 'saida', message: 'Bearer tok-interno' });
  });
});
