import { paramShown } from '@ponte/shared/flow/node-manifest.schema';
import { describe, expect, it } from 'vitest';
import { createFakePorts, jsonResponse, textResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { defineConnector, pagingCaps } from './define-connector';
import { retryPolicy } from './connector-http';
import { declaration, portsWithAccount } from './define-connector.fixtures';

const node = defineConnector(declaration);

describe('a service connector (docs/adr/0090)', () => {
  it('offers its operations and shows each param only for the operations that use it', () => {
    const { params } = node.manifest;
    expect(node.manifest.type).toBe('svc_exemplo');
    expect(params.operation).toMatchObject({
      type: 'select',
      options: [
        { value: 'criar', label: 'Contato → Criar' },
        { value: 'listar', label: 'Contato → Listar' },
      ],
    });
    expect(params.service_account).toMatchObject({ accepts: ['bearer_token'], required: true });
    const shown = (operation: string) =>
      Object.entries(params)
        .filter(([, spec]) => paramShown(params, spec, { operation }))
        .map(([name]) => name);
    expect(shown('criar')).toEqual(['service_account', 'operation', 'nome']);
    expect(shown('listar')).toEqual([
      'service_account',
      'operation',
      'situacao',
      'return_all',
      'limit',
    ]);
    // The first operation is the default.
    expect(paramShown(params, params.nome!, {})).toBe(true);
  });

  it('calls the service at its base URL with the account and puts the answer in msg.payload', async () => {
    const ports = portsWithAccount();
    ports.httpHandler = () => jsonResponse(201, { id: 7, nome: 'Ana' });
    const { emitted } = await runNode(node, {
      ports,
      input: { payload: { nome: 'Ana' }, pedido: 1 },
      params: { service_account: 'conta', operation: 'criar', nome: '{{ msg.payload.nome }}' },
    });
    expect(ports.httpCalls[0]).toMatchObject({
      method: 'POST',
      url: 'https://api.exemplo.com.br/v1/contatos',
      body: '{"nome":"Ana"}',
    });
    expect(ports.httpCalls[0]!.headers).toMatchObject({
      'x-chave': 's3gr3d0',
      'content-type': 'application/json',
    });
    expect(emitted[0]!.msg).toEqual({ payload: { id: 7, nome: 'Ana' }, pedido: 1 });
  });

  it("goes to the account's 'URL da API' instead, still bound to the account's hosts", async () => {
    const ports = portsWithAccount({
      url: 'http://127.0.0.2:8080',
      api_url: 'http://127.0.0.2:8080/exemplo',
    });
    ports.httpHandler = () => jsonResponse(200, {});
    const params = { service_account: 'conta', operation: 'criar', nome: 'Ana' };
    await runNode(node, { ports, params });
    expect(ports.httpCalls[0]!.url).toBe('http://127.0.0.2:8080/exemplo/contatos');

    // A bearer account with its own URL may not carry its key to another host.
    const elsewhere = portsWithAccount({ url: 'https://outro.com.br' });
    await expect(runNode(node, { ports: elsewhere, params })).rejects.toThrow(
      /api\.exemplo\.com\.br/,
    );
    expect(elsewhere.httpCalls).toEqual([]);
  });

  it('repeats a query key once per value of a list', async () => {
    const ports = portsWithAccount();
    ports.httpHandler = () => jsonResponse(200, {});
    const lists = defineConnector({
      ...declaration,
      operations: {
        saldos: {
          resource: 'Estoque',
          action: 'Consultar saldos',
          params: ['nome', 'situacao'],
          request: () => ({
            method: 'GET',
            path: 'saldos',
            query: { 'ids[]': [1, '22'], vazio: [], situacao: 'A' },
          }),
        },
      },
    });
    await runNode(lists, {
      ports,
      params: { service_account: 'conta', operation: 'saldos', nome: 'x' },
    });
    expect(ports.httpCalls[0]!.url).toBe(
      'https://api.exemplo.com.br/v1/saldos?ids%5B%5D=1&ids%5B%5D=22&situacao=A',
    );
  });

  it('follows the pages up to the limit, or all of them with "Buscar todos"', async () => {
    const ports = portsWithAccount();
    const pages = [[1, 2], [3, 4], [5]];
    ports.httpHandler = (request) => {
      const page = Number(new URL(request.url).searchParams.get('pagina'));
      return jsonResponse(200, { data: pages[page - 1] ?? [] });
    };
    const list = (extra: Record<string, unknown>) =>
      runNode(node, {
        ports,
        params: { service_account: 'conta', operation: 'listar', ...extra },
      });
    const all = await list({ return_all: true, situacao: 'inativo' });
    expect(all.emitted[0]!.msg.payload).toEqual([1, 2, 3, 4, 5]);
    // Three pages, then the empty fourth says the end.
    expect(ports.httpCalls.map((call) => call.url)).toEqual(
      [1, 2, 3, 4].map(
        (page) => `https://api.exemplo.com.br/v1/contatos?situacao=inativo&pagina=${page}`,
      ),
    );
    ports.httpCalls.length = 0;
    expect(all.logs).toEqual([]);
    const three = await list({ limit: 3 });
    expect(three.emitted[0]!.msg.payload).toEqual([1, 2, 3]);
    expect(ports.httpCalls).toHaveLength(2);
    // A limit the person chose is no cap: nothing to tell.
    expect(three.logs).toEqual([]);
  });

  it('stops following pages at the cap of pages', async () => {
    const ports = portsWithAccount();
    ports.httpHandler = () => jsonResponse(200, { data: [1] });
    const { emitted, logs } = await runNode(node, {
      ports,
      params: { service_account: 'conta', operation: 'listar', return_all: true },
    });
    expect(ports.httpCalls).toHaveLength(pagingCaps.pages);
    expect(emitted[0]!.msg.payload).toHaveLength(pagingCaps.pages);
    // The person is told the caps, not the service, ended the listing.
    expect(logs).toEqual([
      {
        type: 'user',
        label: 'Exemplo',
        message:
          "'Buscar todos' parou em 100 itens (100 páginas): Exemplo tem mais. Filtre a busca para trazer o resto.",
      },
    ]);
  });

  it('waits as the service asks on 429 and 503, doubling when it does not say', async () => {
    const ports = portsWithAccount();
    const answers = [
      textResponse(429, 'calma', { 'content-type': 'text/plain', 'retry-after': '7' }),
      textResponse(503, 'fora'),
      textResponse(503, 'fora'),
      jsonResponse(200, { id: 1 }),
    ];
    const times: number[] = [];
    ports.httpHandler = () => {
      times.push(ports.time);
      return answers.shift()!;
    };
    const { emitted } = await runNode(node, {
      ports,
      params: { service_account: 'conta', operation: 'criar', nome: 'Ana' },
    });
    expect(emitted[0]!.msg.payload).toEqual({ id: 1 });
    expect(times.slice(1).map((time, at) => time - times[at]!)).toEqual([7_000, 2_000, 4_000]);
  });

  it('gives up after its retries, and refuses a wait longer than it accepts', async () => {
    const ports = portsWithAccount();
    ports.httpHandler = () => textResponse(503, 'fora');
    const params = { service_account: 'conta', operation: 'criar', nome: 'Ana' };
    await expect(runNode(node, { ports, params })).rejects.toThrow(
      'Exemplo recusou a chamada (status 503).',
    );
    expect(ports.httpCalls).toHaveLength(retryPolicy.retries + 1);

    ports.httpHandler = () =>
      textResponse(429, '', { 'content-type': 'text/plain', 'retry-after': '3600' });
    await expect(runNode(node, { ports, params })).rejects.toThrow(
      'Exemplo pediu para esperar 3600 s antes de outra chamada, mais que os 60 s que o conector espera.',
    );
  });

  it("says the service's refusal in pt-BR, naming the field, with the answer in the details", async () => {
    const ports = portsWithAccount();
    ports.httpHandler = () =>
      jsonResponse(422, {
        erro: { campo: 'nome', mensagem: 'já existe um contato com esse nome' },
      });
    const failure = await runNode(node, {
      ports,
      params: { service_account: 'conta', operation: 'criar', nome: 'Ana' },
    }).catch((error: unknown) => error as Error & { details?: unknown });
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      'O Exemplo recusou: já existe um contato com esse nome (campo "nome").',
    );
    expect((failure as { details?: unknown }).details).toMatchObject({ status: 422 });
  });

  it('refuses an account of another type, before any call', async () => {
    const ports = createFakePorts();
    ports.accounts.conta = { _id: 'conta', name: 'Minha', type: 'http_basic', data: {} };
    await expect(
      runNode(node, { ports, params: { service_account: 'conta', operation: 'criar', nome: 'A' } }),
    ).rejects.toThrow('A conta "Minha" não é de um tipo que o conector Exemplo aceita.');
    expect(ports.httpCalls).toEqual([]);
  });

  it('lets the service refuse an account of an accepted type, before any call', async () => {
    const ports = portsWithAccount({ service_type: 'outro' });
    const picky = defineConnector({
      ...declaration,
      refuseAccount: (account) =>
        account.data.service_type === 'exemplo' ? undefined : `"${account.name}" não é do Exemplo.`,
    });
    const params = { service_account: 'conta', operation: 'criar', nome: 'A' };
    await expect(runNode(picky, { ports, params })).rejects.toThrow('"conta" não é do Exemplo.');
    expect(ports.httpCalls).toEqual([]);
    ports.accounts.conta!.data.service_type = 'exemplo';
    ports.httpHandler = () => jsonResponse(200, {});
    await runNode(picky, { ports, params });
    expect(ports.httpCalls).toHaveLength(1);
  });

  it("signs with the account's bearer token and, after a 401, once more with a new one", async () => {
    const bearer = defineConnector({
      ...declaration,
      async authorize(_account, request, context) {
        request.headers.authorization = `Bearer ${await context.accessToken()}`;
      },
    });
    const ports = portsWithAccount({ access_token: 'tk' });
    ports.httpHandler = (request) =>
      request.headers?.authorization === 'Bearer tk-renovado'
        ? jsonResponse(201, { id: 7 })
        : jsonResponse(401, { erro: { mensagem: 'token vencido', campo: 'Authorization' } });
    const { emitted } = await runNode(bearer, {
      ports,
      params: { service_account: 'conta', operation: 'criar', nome: 'Ana' },
    });
    expect(emitted[0]!.msg.payload).toEqual({ id: 7 });
    expect(ports.tokenRequests).toEqual([
      { id: 'conta', force: false },
      { id: 'conta', force: true },
    ]);
    // A second 401 with the new token is the service's answer: it fails, without a loop.
    ports.httpHandler = () => jsonResponse(401, { erro: { mensagem: 'sem acesso', campo: 'x' } });
    await expect(
      runNode(bearer, {
        ports,
        params: { service_account: 'conta', operation: 'criar', nome: 'Ana' },
      }),
    ).rejects.toThrow('O Exemplo recusou: sem acesso (campo "x").');
    expect(ports.httpCalls).toHaveLength(4);
  });

  it('gives the method and the JSON body to a signature', async () => {
    const seen: unknown[] = [];
    const signing = defineConnector({
      ...declaration,
      authorize(_account, request) {
        seen.push([request.method, request.body]);
        request.headers['x-assinatura'] = `${request.method}:${request.body?.length}`;
      },
    });
    const ports = portsWithAccount();
    ports.httpHandler = () => jsonResponse(201, {});
    await runNode(signing, {
      ports,
      params: { service_account: 'conta', operation: 'criar', nome: 'Ana' },
    });
    expect(seen).toEqual([['POST', '{"nome":"Ana"}']]);
    expect(ports.httpCalls[0]!.headers?.['x-assinatura']).toBe('POST:14');
  });

  it("sends a raw body with its own headers, and gives the answer's bytes", async () => {
    const raw = defineConnector({
      ...declaration,
      operations: {
        ...declaration.operations,
        criar: {
          ...declaration.operations.criar!,
          request: (p) => ({
            method: 'PUT',
            path: 'arquivos',
            body: String(p.nome),
            headers: { 'content-type': 'text/csv', 'x-alvo': 'Servico.Criar' },
          }),
          result: (response) => Array.from(response.bytes ?? []),
        },
      },
      authorize(_account, request) {
        request.headers['x-assinatura'] = `${request.body}|${request.headers['content-type']}`;
      },
    });
    const ports = portsWithAccount();
    ports.httpHandler = () => textResponse(200, 'ok', { 'content-type': 'image/png' });
    const { emitted } = await runNode(raw, {
      ports,
      params: { service_account: 'conta', operation: 'criar', nome: 'a;b' },
    });
    expect(ports.httpCalls[0]).toMatchObject({ method: 'PUT', body: 'a;b' });
    expect(ports.httpCalls[0]!.headers).toMatchObject({
      'content-type': 'text/csv',
      'x-alvo': 'Servico.Criar',
      'x-assinatura': 'a;b|text/csv',
    });
    expect(emitted[0]!.msg.payload).toEqual([111, 107]);
  });

  it('takes a base URL from the account, and an operation may make no call', async () => {
    const regional = defineConnector({
      ...declaration,
      baseUrl: (account) => `https://${String(account.data.regiao)}.exemplo.com.br/v1`,
      operations: {
        ...declaration.operations,
        link: {
          resource: 'Contato',
          action: 'Gerar link',
          params: ['nome'],
          request: (p) => ({ method: 'GET', path: `contatos/${String(p.nome)}` }),
          withoutCall: (request, account, context) =>
            `${request.url.toString()}?por=${account.name}&em=${context.now().toISOString()}`,
        },
      },
    });
    const ports = portsWithAccount({ regiao: 'api' });
    ports.httpHandler = () => jsonResponse(201, {});
    await runNode(regional, {
      ports,
      params: { service_account: 'conta', operation: 'criar', nome: 'Ana' },
    });
    expect(ports.httpCalls[0]!.url).toBe('https://api.exemplo.com.br/v1/contatos');
    const { emitted } = await runNode(regional, {
      ports,
      params: { service_account: 'conta', operation: 'link', nome: 'Ana' },
    });
    expect(ports.httpCalls).toHaveLength(1);
    expect(emitted[0]!.msg.payload).toBe(
      'https://api.exemplo.com.br/v1/contatos/Ana?por=conta&em=2026-01-01T12:00:00.000Z',
    );
    // Its URL is still bound to the account's hosts.
    const elsewhere = portsWithAccount({ regiao: 'outro' });
    await expect(
      runNode(regional, {
        ports: elsewhere,
        params: { service_account: 'conta', operation: 'link', nome: 'Ana' },
      }),
    ).rejects.toThrow(/outro\.exemplo\.com\.br/);
  });

  it('lets the service say which answers are refusals: a 200 that says error, a 404 that is empty', async () => {
    const judged = defineConnector({
      ...declaration,
      failure: (response) =>
        (response.body as { status?: string })?.status === 'erro' ||
        (response.status >= 300 && response.status !== 404),
    });
    const ports = portsWithAccount();
    ports.httpHandler = () =>
      jsonResponse(200, { status: 'erro', erro: { mensagem: 'nome repetido', campo: 'nome' } });
    const failure = await runNode(judged, {
      ports,
      params: { service_account: 'conta', operation: 'criar', nome: 'Ana' },
    }).catch((error: Error) => error);
    expect((failure as Error).message).toBe('O Exemplo recusou: nome repetido (campo "nome").');
    expect((failure as { details?: unknown }).details).toMatchObject({ status: 200 });
    ports.httpHandler = () => jsonResponse(404, { id: 3 });
    const { emitted } = await runNode(judged, {
      ports,
      params: { service_account: 'conta', operation: 'criar', nome: 'Ana' },
    });
    expect(emitted[0]!.msg.payload).toEqual({ id: 3 });
  });

  it('sends the body authorize rewrote, for services that want the key inside it', async () => {
    const inBody = defineConnector({
      ...declaration,
      authorize(account, request) {
        const json = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
        request.body = JSON.stringify({ chave: account.data.token, ...json });
      },
    });
    const ports = portsWithAccount();
    ports.httpHandler = () => jsonResponse(201, {});
    await runNode(inBody, {
      ports,
      params: { service_account: 'conta', operation: 'criar', nome: 'Ana' },
    });
    expect(ports.httpCalls[0]!.body).toBe('{"chave":"s3gr3d0","nome":"Ana"}');
  });

  it('lets an operation make further calls after its first answer, with its params', async () => {
    const twoCalls = defineConnector({
      ...declaration,
      operations: {
        ...declaration.operations,
        criar: {
          ...declaration.operations.criar!,
          async followUp(response, params, send) {
            const { id } = response.body as { id: number };
            const renamed = await send({
              method: 'PUT',
              path: `contatos/${id}`,
              json: { nome: `${String(params.nome)} (2)` },
            });
            return { id, ...(renamed.body as object) };
          },
        },
      },
    });
    const ports = portsWithAccount();
    ports.httpHandler = (request) =>
      request.method === 'POST'
        ? jsonResponse(201, { id: 7 })
        : jsonResponse(200, { nome: JSON.parse(String(request.body)).nome });
    const { emitted } = await runNode(twoCalls, {
      ports,
      params: { service_account: 'conta', operation: 'criar', nome: 'Ana' },
    });
    expect(ports.httpCalls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST https://api.exemplo.com.br/v1/contatos',
      'PUT https://api.exemplo.com.br/v1/contatos/7',
    ]);
    expect(ports.httpCalls[1]!.headers?.['x-chave']).toBe('s3gr3d0');
    expect(emitted[0]!.msg.payload).toEqual({ id: 7, nome: 'Ana (2)' });
  });
});
