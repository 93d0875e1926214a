import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { createFakePorts, jsonResponse } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { httpRequestNode } from './http-request.node.ts';

const m = messages.serviceAccounts;
const secret = 'segredo-da-api-de-pedidos';

/** The HTTP node with one account of the test's, answering 200 to any request. */
function portsWith(type: string, data: Record<string, unknown>) {
  const ports = createFakePorts();
  ports.accounts.conta = { _id: 'conta', name: 'API de pedidos', type, data };
  ports.httpHandler = () => jsonResponse(200, { ok: true });
  return ports;
}

const call = (ports: ReturnType<typeof createFakePorts>, url: string) =>
  runNode(httpRequestNode, { ports, params: { url, service_account: 'conta' } });

describe('core_http_request sends a credential only to the hosts its account is bound to', () => {
  it('refuses an absolute URL or a //host/path to another host, naming the account', async () => {
    const ports = portsWith('bearer_token', {
      token: secret,
      url: 'https://api.exemplo.com.br/v1',
    });
    const refusal = m.hostRefused('API de pedidos', ['api.exemplo.com.br'], 'coletor.outro.com');
    await expect(call(ports, 'https://coletor.outro.com/roubo')).rejects.toThrow(refusal);
    await expect(call(ports, '//coletor.outro.com/roubo')).rejects.toThrow(refusal);
    await expect(call(ports, '\\\\coletor.outro.com/roubo')).rejects.toThrow(refusal);
    expect(ports.httpCalls).toHaveLength(0);
    await call(ports, 'pedidos');
    await call(ports, 'https://api.exemplo.com.br:8443/outra/rota');
    expect(ports.httpCalls.map((request) => request.url)).toEqual([
      'https://api.exemplo.com.br/v1/pedidos',
      'https://api.exemplo.com.br:8443/outra/rota',
    ]);
  });

  it('fetches no token for a request that may not go, then signs its own host', async () => {
    const ports = portsWith('oauth2', {
      service_type: 'custom',
      token_url: 'https://auth.exemplo.com.br/token',
      access_token: secret,
      domains: '*.exemplo.com.br',
    });
    await expect(call(ports, 'https://outro.com.br/x')).rejects.toThrow(
      m.hostRefused('API de pedidos', ['auth.exemplo.com.br', '*.exemplo.com.br'], 'outro.com.br'),
    );
    expect(ports.tokenRequests).toEqual([]);
    await call(ports, 'https://api.exemplo.com.br/pedidos');
    expect(ports.httpCalls[0]?.headers.authorization).toBe(`Bearer ${secret}`);
  });

  it('asks an account with no address and no domains to declare them', async () => {
    const ports = portsWith('http_basic', { username: 'ana', password: secret });
    await expect(call(ports, 'https://api.exemplo.com.br/')).rejects.toThrow(
      m.noHosts('API de pedidos'),
    );
    expect(ports.httpCalls).toHaveLength(0);
  });

  it('signs AWS requests for AWS hosts and the listed ones only', async () => {
    const ports = portsWith('aws_access_key', {
      access_key_id: 'AKID',
      secret_access_key: secret,
      domains: 'minio.exemplo.com.br',
    });
    await call(ports, 'https://s3.sa-east-1.amazonaws.com/balde');
    await runNode(httpRequestNode, {
      ports,
      params: {
        url: 'https://minio.exemplo.com.br/balde',
        service_account: 'conta',
        aws_region: 'us-east-1',
        aws_service: 's3',
      },
    });
    await expect(call(ports, 'https://coletor.outro.com/')).rejects.toThrow(
      m.hostRefused(
        'API de pedidos',
        ['*.amazonaws.com', '*.amazonaws.com.cn', 'minio.exemplo.com.br'],
        'coletor.outro.com',
      ),
    );
    expect(ports.httpCalls).toHaveLength(2);
  });

  it("goes anywhere when the account says 'Todos os domínios'", async () => {
    const ports = portsWith('bearer_token', {
      token: secret,
      url: 'https://api.exemplo.com.br',
      allowed_domains: 'all',
    });
    await call(ports, 'https://outro.com.br/x');
    expect(ports.httpCalls[0]?.headers.authorization).toBe(`Bearer ${secret}`);
  });
});
