import { describe, expect, it } from 'vitest';
import { createFakePorts, jsonResponse, textResponse } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { httpRequestNode } from './http-request.node.ts';
import aws4 from 'aws4';

const decode = (body: string | Uint8Array | undefined) =>
  typeof body === 'string' ? body : new TextDecoder().decode(body);

describe('core_http_request', () => {
  it('sends query and headers, and parses a JSON answer into msg.payload', async () => {
    const ports = createFakePorts();
    ports.httpHandler = () => jsonResponse(200, { pedidos: [1, 2] });
    const { emitted } = await runNode(httpRequestNode, {
      ports,
      input: { payload: { cliente: 7 }, outro: 'fica' },
      params: {
        url: 'https://api.exemplo.com.br/pedidos?ordem=asc',
        query: [{ key: 'cliente', value: '{{ msg.payload.cliente }}' }],
        headers: [{ key: 'X-Chave', value: 'abc' }],
        timeout_ms: 5000,
      },
    });
    const call = ports.httpCalls[0]!;
    expect(call).toMatchObject({
      method: 'GET',
      url: 'https://api.exemplo.com.br/pedidos?ordem=asc&cliente=7',
      timeoutMs: 5000,
    });
    expect(call.headers).toEqual({ 'x-chave': 'abc' });
    expect(call.body).toBeUndefined();
    expect(call.signal).toBeInstanceOf(AbortSignal);
    expect(emitted[0]?.msg).toEqual({
      payload: { pedidos: [1, 2] },
      outro: 'fica',
      http: { status: 200, headers: { 'content-type': 'application/json' } },
    });
  });

  it('encodes JSON, form, raw and multipart bodies with their content types', async () => {
    const ports = createFakePorts();
    const send = (body_type: string, body: unknown) =>
      runNode(httpRequestNode, {
        ports,
        params: { method: 'POST', url: 'https://x.com', body_type, body },
      });
    await send('json', '{{ {"id": 1, "nome": "Ana"} }}');
    await send('form', { nome: 'Ana Souza', idade: 30 });
    await send('raw', 'linha 1');
    await send('multipart', {
      nome: 'Ana',
      arquivo: {
        filename: 'a.txt',
        content: Buffer.from('olá').toString('base64'),
        contentType: 'text/plain',
      },
    });
    const [json, form, raw, multipart] = ports.httpCalls;
    expect([json!.headers['content-type'], decode(json!.body)]).toEqual([
      'application/json',
      '{"id":1,"nome":"Ana"}',
    ]);
    expect([form!.headers['content-type'], decode(form!.body)]).toEqual([
      'application/x-www-form-urlencoded',
      'nome=Ana+Souza&idade=30',
    ]);
    expect([raw!.headers['content-type'], decode(raw!.body)]).toEqual([
      'text/plain; charset=utf-8',
      'linha 1',
    ]);
    expect(multipart!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = decode(multipart!.body);
    expect(text).toContain('name="nome"\r\n\r\nAna');
    expect(text).toContain('name="arquivo"; filename="a.txt"');
    expect(text).toContain('olá');
  });

  it('applies a service account and resolves a relative URL against it', async () => {
    const ports = createFakePorts();
    ports.accounts.sa1 = {
      _id: 'sa1',
      type: 'bearer_token',
      data: { token: 't0k3n', url: 'https://api.exemplo.com/v1' },
    };
    ports.accounts.sa2 = {
      _id: 'sa2',
      type: 'http_basic',
      data: { username: 'ana', password: 'segredo', domains: 'x.com' },
    };
    ports.accounts.sa3 = { _id: 'sa3', type: 'smtp_account', data: { password: 'x' } };
    await runNode(httpRequestNode, { ports, params: { url: 'pedidos', service_account: 'sa1' } });
    await runNode(httpRequestNode, {
      ports,
      params: { url: 'https://x.com', service_account: 'sa2' },
    });
    expect(ports.httpCalls[0]).toMatchObject({
      url: 'https://api.exemplo.com/v1/pedidos',
      headers: { authorization: 'Bearer t0k3n' },
    });
    expect(ports.httpCalls[1]!.headers.authorization).toBe(
      `Basic ${Buffer.from('ana:segredo').toString('base64')}`,
    );
    await expect(
      runNode(httpRequestNode, { ports, params: { url: 'https://x.com', service_account: 'sa3' } }),
    ).rejects.toThrow('A Requisição HTTP não aceita contas de serviço do tipo smtp_account.');
    await expect(
      runNode(httpRequestNode, {
        ports,
        params: { url: 'https://x.com', service_account: 'nenhuma' },
      }),
    ).rejects.toThrow('A conta de serviço escolhida não existe mais.');
  });

  it('retries 5xx and network errors with backoff, then succeeds', async () => {
    const ports = createFakePorts();
    let calls = 0;
    ports.httpHandler = () => {
      calls++;
      if (calls === 1) throw new Error('ECONNRESET');
      if (calls === 2) return textResponse(503, 'ocupado');
      return textResponse(200, 'pronto');
    };
    const before = ports.time;
    const { emitted } = await runNode(httpRequestNode, {
      ports,
      params: { url: 'https://x.com', retries: 3 },
    });
    expect(calls).toBe(3);
    expect(ports.time - before).toBe(500 + 1000);
    expect(emitted[0]?.msg.payload).toBe('pronto');
  });

  it('does not retry 508 Loop Detected (a chain of flows past its limit)', async () => {
    const ports = createFakePorts();
    ports.httpHandler = () => textResponse(508, 'cadeia longa demais');
    await expect(
      runNode(httpRequestNode, { ports, params: { url: 'https://x.com', retries: 3 } }),
    ).rejects.toThrow('A requisição HTTP falhou com status 508.');
    expect(ports.httpCalls).toHaveLength(1);
  });

  it('fails with the status once retries are spent, keeping the answer in the error', async () => {
    const ports = createFakePorts();
    ports.httpHandler = () => jsonResponse(404, { erro: 'não achei' });
    const failure = await runNode(httpRequestNode, {
      ports,
      params: { url: 'https://x.com/a', retries: 1 },
    }).catch((e: unknown) => e);
    expect(failure).toMatchObject({
      message: 'A requisição HTTP falhou com status 404.',
      details: { status: 404, body: { erro: 'não achei' } },
    });
    expect(ports.httpCalls).toHaveLength(1);
    ports.httpHandler = () => {
      throw new Error('getaddrinfo ENOTFOUND x.invalid');
    };
    await expect(
      runNode(httpRequestNode, { ports, params: { url: 'https://x.invalid' } }),
    ).rejects.toThrow('A requisição HTTP falhou: getaddrinfo ENOTFOUND x.invalid');
  });

  it('returns binary answers as base64 and refuses URLs that are not http(s)', async () => {
    const ports = createFakePorts();
    ports.httpHandler = () => ({
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array([137, 80, 78, 71]),
    });
    const { emitted } = await runNode(httpRequestNode, {
      ports,
      params: { url: 'https://x.com/logo.png' },
    });
    expect(emitted[0]?.msg.payload).toEqual({ encoding: 'base64', data: 'iVBORw==' });
    await expect(
      runNode(httpRequestNode, { ports, params: { url: 'file:///etc/passwd' } }),
    ).rejects.toThrow('URL inválida: file:///etc/passwd');
  });

  it('refuses a JSON answer nested too deep and a timeout no timer can hold', async () => {
    const ports = createFakePorts();
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    ports.httpHandler = () => textResponse(200, deep, { 'content-type': 'application/json' });
    await expect(
      runNode(httpRequestNode, { ports, params: { url: 'https://api.exemplo.com.br/' } }),
    ).rejects.toThrow('A resposta HTTP tem mais de 64 níveis de objetos e listas.');
    await expect(
      runNode(httpRequestNode, {
        ports,
        params: { url: 'https://api.exemplo.com.br/', timeout_ms: 1e20 },
      }),
    ).rejects.toThrow('O parâmetro "timeout_ms" deve ser no máximo 600000.');
  });
});

describe('core_http_request with accounts that issue tokens or sign', () => {
  it('takes the bearer of jwt and OAuth2 accounts from the port, renewing once after a 401', async () => {
    const ports = createFakePorts();
    ports.accounts.jwt = {
      _id: 'jwt',
      type: 'jwt',
      data: { token: 'jwt-1', url: 'https://api.exemplo.com' },
    };
    ports.httpHandler = (request) =>
      request.headers.authorization === 'Bearer jwt-1-renovado'
        ? jsonResponse(200, { ok: true })
        : jsonResponse(401, { erro: 'expirado' });
    const { emitted } = await runNode(httpRequestNode, {
      ports,
      params: { url: 'pedidos', service_account: 'jwt' },
    });
    expect(emitted[0]?.msg.payload).toEqual({ ok: true });
    expect(ports.tokenRequests).toEqual([
      { id: 'jwt', force: false },
      { id: 'jwt', force: true },
    ]);
    expect(ports.httpCalls.map((call) => [call.url, call.headers.authorization])).toEqual([
      ['https://api.exemplo.com/pedidos', 'Bearer jwt-1'],
      ['https://api.exemplo.com/pedidos', 'Bearer jwt-1-renovado'],
    ]);
  });

  it('fails on a second 401, and never renews a fixed bearer token', async () => {
    const ports = createFakePorts();
    ports.accounts.g = {
      _id: 'g',
      type: 'google_oauth2',
      data: { access_token: 'ya29', domains: 'x.com' },
    };
    ports.accounts.b = {
      _id: 'b',
      type: 'bearer_token',
      data: { token: 'fixo', domains: 'x.com' },
    };
    ports.httpHandler = () => jsonResponse(401, { erro: 'não autorizado' });
    await expect(
      runNode(httpRequestNode, { ports, params: { url: 'https://x.com', service_account: 'g' } }),
    ).rejects.toThrow('A requisição HTTP falhou com status 401.');
    expect(ports.httpCalls).toHaveLength(2);
    expect(ports.tokenRequests).toHaveLength(2);
    await expect(
      runNode(httpRequestNode, { ports, params: { url: 'https://x.com', service_account: 'b' } }),
    ).rejects.toThrow('A requisição HTTP falhou com status 401.');
    expect(ports.httpCalls).toHaveLength(3);
  });

  it('passes on the pt-BR refusal of a token the port cannot give', async () => {
    const ports = createFakePorts();
    ports.accounts.o = { _id: 'o', type: 'oauth2', data: { domains: 'x.com' } };
    await expect(
      runNode(httpRequestNode, { ports, params: { url: 'https://x.com', service_account: 'o' } }),
    ).rejects.toThrow('A conta de serviço não tem token.');
    expect(ports.httpCalls).toHaveLength(0);
  });

  it('signs with SigV4 as the AWS test suite does (get-vanilla)', async () => {
    const ports = createFakePorts();
    ports.time = Date.parse('2015-08-30T12:36:00Z');
    ports.accounts.aws = {
      _id: 'aws',
      type: 'aws_access_key',
      data: {
        access_key_id: 'AKIDEXAMPLE',
        secret_access_key: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      },
    };
    await runNode(httpRequestNode, {
      ports,
      params: {
        url: 'https://example.amazonaws.com/',
        service_account: 'aws',
        aws_region: 'us-east-1',
        aws_service: 'service',
      },
    });
    expect(ports.httpCalls[0]!.headers).toMatchObject({
      'x-amz-date': '20150830T123600Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    });
    expect(JSON.stringify(ports.httpCalls[0])).not.toContain('wJalrXUtnFEMI');
  });

  it('signs a body and the region and service read from an AWS host', async () => {
    const ports = createFakePorts();
    ports.accounts.aws = {
      _id: 'aws',
      type: 'aws_access_key',
      data: { access_key_id: 'AKID', secret_access_key: 'segredo-aws', domains: 'minio.local' },
    };
    await runNode(httpRequestNode, {
      ports,
      params: {
        method: 'POST',
        url: 'https://sqs.sa-east-1.amazonaws.com/123/fila?Action=SendMessage',
        service_account: 'aws',
        body_type: 'json',
        body: { texto: 'olá' },
      },
    });
    const call = ports.httpCalls[0]!;
    expect(call.headers.authorization).toContain('/sa-east-1/sqs/aws4_request');
    // The receiving side: the same request signed again with the secret gives the same header.
    const url = new URL(call.url);
    const check = aws4.sign(
      {
        method: call.method,
        host: url.host,
        path: url.pathname + url.search,
        headers: {
          'content-type': call.headers['content-type']!,
          'X-Amz-Date': call.headers['x-amz-date']!,
        },
        body: call.body as string,
      },
      { accessKeyId: 'AKID', secretAccessKey: 'segredo-aws' },
    );
    expect(call.headers.authorization).toBe(check.headers!.Authorization);
    await expect(
      runNode(httpRequestNode, {
        ports,
        params: { url: 'https://minio.local/balde', service_account: 'aws' },
      }),
    ).rejects.toThrow(
      'Informe a região e o serviço AWS: não foi possível deduzi-los do endereço da URL.',
    );
  });
});
