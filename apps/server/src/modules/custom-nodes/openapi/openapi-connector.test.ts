import { describe, expect, it } from 'vitest';
import { customNodeSaveIssues } from '@ponte/shared/custom-nodes.schema';
import { messages } from '@ponte/shared/messages';
import { buildConnector } from './openapi-connector';
import { readDocument } from './openapi-document';
import { fixtureText } from './prism-stand-in';

const m = messages.customNodesOpenApi;

/** A small document with what the generator maps: path, query, header, JSON body, enums, refs. */
const loja = {
  openapi: '3.0.3',
  info: { title: 'Loja', version: '2.1', description: 'API da loja.\n\nMais detalhes.' },
  servers: [
    { url: 'https://{regiao}.loja.com.br/v1', variables: { regiao: { default: 'sp' } } },
    { url: 'https://sandbox.loja.com.br/v1' },
  ],
  components: {
    securitySchemes: {
      token: { type: 'http', scheme: 'bearer' },
      chave: { type: 'apiKey', in: 'header', name: 'X-Chave' },
    },
    schemas: {
      Pedido: {
        type: 'object',
        required: ['cliente', 'itens'],
        properties: {
          id: { type: 'string', readOnly: true },
          cliente: { type: 'string', description: 'CPF ou CNPJ do cliente.' },
          itens: { type: 'array', items: { type: 'object' } },
          total: { type: 'number' },
          urgente: { type: 'boolean' },
          situacao: { type: 'string', enum: ['aberto', 'pago'], default: 'aberto' },
        },
      },
    },
  },
  paths: {
    '/pedidos': {
      get: {
        operationId: 'listarPedidos',
        summary: 'Lista os pedidos',
        tags: ['Pedidos'],
        parameters: [
          { name: 'página', in: 'query', schema: { type: 'integer' } },
          { name: 'situacao', in: 'query', schema: { type: 'string', enum: ['aberto', 'pago'] } },
        ],
        responses: { 200: { description: 'ok' } },
      },
      post: {
        operationId: 'criarPedido',
        summary: 'Cria um pedido',
        tags: ['Pedidos'],
        parameters: [{ name: 'X-Idempotencia', in: 'header', schema: { type: 'string' } }],
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pedido' } } },
        },
        responses: { 201: { description: 'criado' } },
      },
    },
    '/pedidos/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { summary: 'Um pedido', deprecated: true, responses: { 200: { description: 'ok' } } },
    },
  },
};

describe('reading an OpenAPI document (docs/adr/0137)', () => {
  it('lists operations, servers with their variables, and the security schemes mapped to accounts', async () => {
    const { summary } = await readDocument(JSON.stringify(loja));
    expect(summary).toMatchObject({
      title: 'Loja',
      version: '2.1',
      spec: 'OpenAPI 3.0.3',
      servers: ['https://sp.loja.com.br/v1', 'https://sandbox.loja.com.br/v1'],
      security: [
        { name: 'token', type: 'http', scheme: 'bearer', account_types: ['bearer_token'] },
        { name: 'chave', type: 'apiKey', in: 'header', param_name: 'X-Chave', account_types: [] },
      ],
    });
    expect(summary.operations).toEqual([
      {
        id: 'listarPedidos',
        method: 'GET',
        path: '/pedidos',
        summary: 'Lista os pedidos',
        tag: 'Pedidos',
        deprecated: false,
      },
      expect.objectContaining({ id: 'criarPedido', method: 'POST' }),
      expect.objectContaining({ id: 'GET /pedidos/{id}', deprecated: true, tag: '' }),
    ]);
  });

  it.each([
    ['twilio_lookups_v2.json.gz', 'OpenAPI 3.0.1', 10],
    ['resend.yaml.gz', 'OpenAPI 3.1.2', 104],
    ['discord.openapi.json.gz', 'OpenAPI 3.1.0', 242],
    ['slack_web_openapi_v2.json.gz', 'Swagger 2.0', 174],
    ['sendgrid_alerts_v3.json.gz', 'OpenAPI 3.1.0', 5],
    ['stripe.spec3.json.gz', 'OpenAPI 3.0.0', 415],
  ])('reads the vendor document %s (%s, %i operations)', async (fixture, spec, count) => {
    const { summary } = await readDocument(await fixtureText(fixture));
    expect(summary.spec).toBe(spec);
    expect(summary.operations).toHaveLength(count);
    expect(summary.servers[0]).toMatch(/^https:\/\//);
  });

  it('refuses what it cannot use, in pt-BR', async () => {
    await expect(readDocument('{"openapi": ')).rejects.toThrow(m.unreadable);
    await expect(readDocument('title: x\n')).rejects.toThrow(m.notOpenApi);
    const outside = structuredClone(loja) as Record<string, unknown>;
    (outside.paths as Record<string, unknown>)['/x'] = {
      get: { responses: { 200: { $ref: 'https://outro.exemplo/respostas.yaml#/ok' } } },
    };
    await expect(readDocument(JSON.stringify(outside))).rejects.toThrow(
      m.externalRef('https://outro.exemplo/respostas.yaml#/ok'),
    );
  });
});

describe('building a connector from the picked operations (docs/adr/0137)', () => {
  it('makes the operation select, the account, the base URL and each operation’s typed params', async () => {
    const read = await readDocument(JSON.stringify(loja));
    const body = buildConnector(read, ['listarPedidos', 'criarPedido', 'GET /pedidos/{id}']);
    expect(customNodeSaveIssues(body)).toEqual([]);
    expect(body).toMatchObject({ name: 'Loja', service_name: 'Loja', description: 'API da loja.' });
    const byName = Object.fromEntries(body.params!.map((param) => [param.name, param]));
    expect(Object.keys(byName)).toEqual([
      'operacao',
      'conta',
      'chave_chave',
      'url_base',
      'pagina',
      'situacao',
      'X_Idempotencia',
      'cliente',
      'itens',
      'total',
      'urgente',
      'situacao_2',
      'id',
    ]);
    expect(byName.operacao).toMatchObject({
      type: 'select',
      is_required: true,
      default_value: 'listarPedidos',
      options: [
        { label: 'Lista os pedidos', value: 'listarPedidos' },
        { label: 'Cria um pedido', value: 'criarPedido' },
        { label: 'Um pedido (obsoleta)', value: 'GET /pedidos/{id}' },
      ],
    });
    expect(byName.conta).toMatchObject({ type: 'service_account', accepts: ['bearer_token'] });
    expect(byName.url_base).toMatchObject({ default_value: 'https://sp.loja.com.br/v1' });
    expect(byName.url_base!.description).toContain('https://sandbox.loja.com.br/v1');
    expect(byName.pagina).toMatchObject({
      type: 'number',
      show_when: { operacao: ['listarPedidos'] },
    });
    expect(byName.situacao).toMatchObject({ type: 'select', is_required: false });
    expect(byName.cliente).toMatchObject({
      type: 'text',
      is_required: true,
      description: 'CPF ou CNPJ do cliente.',
      show_when: { operacao: ['criarPedido'] },
    });
    expect(byName.itens).toMatchObject({ type: 'textarea', is_required: true });
    expect(byName.urgente).toMatchObject({ type: 'boolean' });
    expect(byName.situacao_2).toMatchObject({ type: 'select', default_value: 'aberto' });
    expect(byName.id).toMatchObject({
      is_required: true,
      show_when: { operacao: ['GET /pedidos/{id}'] },
    });
    // The handler holds one table of the operations, not one block of code per operation.
    const code = body.code_execution_content!;
    expect(code).toContain('const operacoes = {');
    expect(code).toContain('{"param":"pagina", "in":"query", "name":"página"}');
    expect(code.match(/async function handler/g)).toHaveLength(1);
  });

  it('shares a param between operations that send the same value', async () => {
    const read = await readDocument(await fixtureText('slack_web_openapi_v2.json.gz'));
    const body = buildConnector(read, ['conversations_history', 'conversations_list']);
    const limit = body.params!.filter((param) => param.name?.startsWith('limit'));
    expect(limit).toEqual([
      expect.objectContaining({
        name: 'limit',
        type: 'number',
        show_when: { operacao: ['conversations_history', 'conversations_list'] },
      }),
    ]);
  });

  it('refuses no operation, an unknown one, and more params than a connector takes, saying how many to drop', async () => {
    const read = await readDocument(await fixtureText('stripe.spec3.json.gz'));
    expect(() => buildConnector(read, [])).toThrow(m.pickOperations);
    expect(() => buildConnector(read, ['Inexistente'])).toThrow(m.unknownOperation('Inexistente'));
    const ops = ['PostCustomers', 'PostPaymentIntents', 'PostProducts', 'GetProducts'];
    expect(() => buildConnector(read, ops)).toThrow(
      /^As operações escolhidas precisam de \d+ parâmetros, e um conector aceita no máximo 50\. Tire pelo menos \d operaç/,
    );
    expect(() => buildConnector(read, ['GetProducts', 'PostProducts'])).not.toThrow();
  });
});
