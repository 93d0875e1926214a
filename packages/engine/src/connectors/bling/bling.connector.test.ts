import { describe, expect, it } from 'vitest';
import { createFakePorts, jsonResponse, type FakePorts } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { blingConnector } from './bling.connector';

// Paths, bodies and answers as Bling's API v3 reference documents them
// (https://developer.bling.com.br/referencia): `{data}` answers, `pagina`/`limite` paging,
// refusals `{error: {type, message, description, fields}}`, 429 TOO_MANY_REQUESTS
// (https://developer.bling.com.br/limites).
const base = 'https://api.bling.com.br/Api/v3';
const token = 'token-de-acesso-bling';

function bling(serviceType = 'bling_erp_oauth2') {
  const ports = createFakePorts();
  ports.accounts.loja = {
    _id: 'loja',
    name: 'Bling da loja',
    type: 'oauth2',
    data: { service_type: serviceType, access_token: token },
  };
  return ports;
}

const run = (ports: FakePorts, params: Record<string, unknown>) =>
  runNode(blingConnector, { ports, params: { service_account: 'loja', ...params } });

const failure = (ports: FakePorts, params: Record<string, unknown>) =>
  run(ports, params).then(
    () => {
      throw new Error('o nó deveria falhar');
    },
    (error: Error) => error,
  );

const sent = (ports: FakePorts, index = 0) => JSON.parse(String(ports.httpCalls[index]!.body));

const validation = (description: string, fields: object[]) =>
  jsonResponse(400, {
    error: { type: 'VALIDATION_ERROR', message: 'Não foi possível salvar', description, fields },
  });

describe('svc_bling', () => {
  it('creates a sales order with its items, prices typed as in Brazil reaching Bling as numbers', async () => {
    const ports = bling();
    ports.httpHandler = () => jsonResponse(201, { data: { id: 12345678 } });
    const { emitted } = await run(ports, {
      operation: 'pedido_criar',
      contato_id: '16693257776',
      data: '06/06/2026',
      itens: [
        { produto_id: '16219735350', quantidade: '2', valor: '1.234,56' },
        { codigo: 'CAMISA-P', descricao: 'Camisa P', quantidade: '1,5', valor: '99.9' },
        { produto_id: '', codigo: '', descricao: '', quantidade: '', valor: '' },
      ],
      campos_adicionais: '{"numeroLoja": "SITE-42", "contato": {"tipoPessoa": "J"}}',
    });
    const call = ports.httpCalls[0]!;
    expect(call).toMatchObject({ method: 'POST', url: `${base}/pedidos/vendas` });
    expect(call.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent(ports)).toEqual({
      numeroLoja: 'SITE-42',
      contato: { tipoPessoa: 'J', id: 16693257776 },
      data: '2026-06-06',
      itens: [
        { produto: { id: 16219735350 }, quantidade: 2, valor: 1234.56 },
        { codigo: 'CAMISA-P', descricao: 'Camisa P', quantidade: 1.5, valor: 99.9 },
      ],
    });
    expect(emitted[0]!.msg.payload).toEqual({ id: 12345678 });
  });

  it("says Bling's refusal of an order in pt-BR, naming the fields", async () => {
    const ports = bling();
    ports.httpHandler = () =>
      validation('Não foi possível salvar a venda, pois existem erros de validação.', [
        { code: 1, msg: 'O contato não foi encontrado', element: 'contato', namespace: 'VENDAS' },
        { code: 2, msg: 'Informe ao menos um item', element: 'itens', namespace: 'VENDAS' },
      ]);
    const error = await failure(ports, {
      operation: 'pedido_atualizar',
      id: '12345678',
      observacoes: 'Entregar à tarde',
    });
    expect(ports.httpCalls[0]).toMatchObject({
      method: 'PUT',
      url: `${base}/pedidos/vendas/12345678`,
    });
    expect(sent(ports)).toEqual({ observacoes: 'Entregar à tarde' });
    expect(error.message).toBe(
      'O Bling recusou a chamada: Não foi possível salvar a venda, pois existem erros de validação — o campo "ID do contato" (contato): O contato não foi encontrado; o campo "Itens" (itens): Informe ao menos um item.',
    );
    expect((error as Error & { details?: unknown }).details).toMatchObject({ status: 400 });
  });

  it('lists orders across three pages of 100, with the filters typed', async () => {
    const ports = bling();
    const page = (n: number, size: number) =>
      Array.from({ length: size }, (_, i) => ({ id: n * 1000 + i }));
    ports.httpHandler = (request) => {
      const pagina = Number(new URL(request.url).searchParams.get('pagina'));
      return jsonResponse(200, { data: page(pagina, pagina < 3 ? 100 : 42) });
    };
    const { emitted } = await run(ports, {
      operation: 'pedido_listar',
      filtros: '{"dataInicial": "2026-01-01", "idsSituacoes[]": [6, 9]}',
      return_all: true,
    });
    expect(ports.httpCalls.map((call) => call.url)).toEqual(
      [1, 2, 3].map(
        (pagina) =>
          `${base}/pedidos/vendas?dataInicial=2026-01-01&idsSituacoes%5B%5D=6&idsSituacoes%5B%5D=9&pagina=${pagina}&limite=100`,
      ),
    );
    expect(emitted[0]!.msg.payload).toHaveLength(242);
  });

  it('stops at an empty page', async () => {
    const ports = bling();
    ports.httpHandler = () => jsonResponse(200, { data: [] });
    const { emitted } = await run(ports, { operation: 'contato_listar', limit: 10 });
    expect(ports.httpCalls).toHaveLength(1);
    expect(emitted[0]!.msg.payload).toEqual([]);
  });

  it('waits and tries again when Bling answers 429 TOO_MANY_REQUESTS', async () => {
    const ports = bling();
    const times: number[] = [];
    ports.httpHandler = () => {
      times.push(ports.time);
      return times.length < 3
        ? jsonResponse(429, {
            error: {
              type: 'TOO_MANY_REQUESTS',
              message: 'Limite de requisições atingido.',
              description:
                'O limite de requisições por segundo foi atingido, tente novamente mais tarde.',
            },
          })
        : jsonResponse(200, { data: { id: 7, nome: 'Ana' } });
    };
    const { emitted } = await run(ports, { operation: 'contato_consultar', id: '7' });
    expect(times.map((time) => time - times[0]!)).toEqual([0, 1_000, 3_000]);
    expect(emitted[0]!.msg.payload).toEqual({ id: 7, nome: 'Ana' });
  });

  it('says in pt-BR when Bling keeps limiting the calls', async () => {
    const ports = bling();
    ports.httpHandler = () =>
      jsonResponse(429, { error: { type: 'TOO_MANY_REQUESTS', message: 'Limite atingido.' } });
    const error = await failure(ports, { operation: 'produto_consultar', id: '1' });
    expect(ports.httpCalls).toHaveLength(5);
    expect(error.message).toMatch(/^O Bling limitou as chamadas \(3 por segundo/);
  });

  it('creates a contact with an alphanumeric CNPJ, the type of person taken from it', async () => {
    const ports = bling();
    ports.httpHandler = () => jsonResponse(201, { data: { id: 99 } });
    await run(ports, {
      operation: 'contato_criar',
      nome: 'Padaria Pão Quente Ltda',
      documento: '12.abc.345/01DE-35',
      email: 'compras@paoquente.com.br',
      telefone: '(11) 3333-4444',
      tipo_pessoa: 'auto',
      campos_adicionais: '{"fantasia": "Pão Quente", "nome": "ignorado"}',
    });
    expect(ports.httpCalls[0]).toMatchObject({ method: 'POST', url: `${base}/contatos` });
    expect(sent(ports)).toEqual({
      situacao: 'A',
      fantasia: 'Pão Quente',
      nome: 'Padaria Pão Quente Ltda',
      tipo: 'J',
      numeroDocumento: '12ABC34501DE35',
      email: 'compras@paoquente.com.br',
      telefone: '(11) 3333-4444',
    });
  });

  it('refuses a document that is not a CPF nor a CNPJ, and a contact without a name, before any call', async () => {
    const ports = bling();
    const wrong = await failure(ports, {
      operation: 'contato_atualizar',
      id: '9',
      documento: '529.982.247-26',
      tipo_pessoa: 'F',
    });
    expect(wrong.message).toBe('"CPF/CNPJ" não é um CPF válido: 529.982.247-26.');
    const nameless = await failure(ports, { operation: 'contato_criar', documento: '52998224725' });
    expect(nameless.message).toBe('Preencha "Nome" para criar o contato no Bling.');
    expect(ports.httpCalls).toEqual([]);
  });

  it("says Bling's refusal of a contact, naming 'CPF/CNPJ'", async () => {
    const ports = bling();
    ports.httpHandler = () =>
      validation('Não foi possível salvar o contato, pois existem erros de validação.', [
        {
          code: 36,
          msg: 'O CNPJ informado já está cadastrado no contato Padaria',
          element: 'numeroDocumento',
          namespace: 'CONTATOS',
        },
      ]);
    const error = await failure(ports, {
      operation: 'contato_criar',
      nome: 'Ana',
      documento: '529.982.247-25',
    });
    expect(sent(ports)).toMatchObject({ tipo: 'F', numeroDocumento: '52998224725' });
    expect(error.message).toBe(
      'O Bling recusou a chamada: Não foi possível salvar o contato, pois existem erros de validação — o campo "CPF/CNPJ" (numeroDocumento): O CNPJ informado já está cadastrado no contato Padaria.',
    );
  });

  it("creates a product with its price as a number and Bling's required defaults", async () => {
    const ports = bling();
    ports.httpHandler = () => jsonResponse(201, { data: { id: 16219735350 } });
    await run(ports, {
      operation: 'produto_criar',
      nome: 'Camiseta básica',
      codigo: 'CAM-001',
      preco: '1.234,5',
      unidade: 'UN',
    });
    expect(sent(ports)).toEqual({
      tipo: 'P',
      situacao: 'A',
      formato: 'S',
      nome: 'Camiseta básica',
      codigo: 'CAM-001',
      preco: 1234.5,
      unidade: 'UN',
    });
  });

  it('refuses a price that is not a number, and says a product Bling does not find', async () => {
    const ports = bling();
    const price = await failure(ports, { operation: 'produto_atualizar', id: '5', preco: 'doze' });
    expect(price.message).toBe('"Preço" deve ser um número, como 1.234,56 (recebido: doze).');
    expect(ports.httpCalls).toEqual([]);
    ports.httpHandler = () =>
      jsonResponse(404, {
        error: {
          type: 'RESOURCE_NOT_FOUND',
          message: 'Recurso não encontrado',
          description: 'O produto não foi encontrado.',
        },
      });
    const missing = await failure(ports, { operation: 'produto_consultar', id: '5' });
    expect(ports.httpCalls[0]!.url).toBe(`${base}/produtos/5`);
    expect(missing.message).toBe(
      'O Bling não encontrou o registro pedido: confira o campo "ID" (O produto não foi encontrado.).',
    );
  });

  it('records a stock movement and reads the balances of several products', async () => {
    const ports = bling();
    ports.httpHandler = (request) =>
      request.method === 'POST'
        ? jsonResponse(201, { data: { id: 555 } })
        : jsonResponse(200, {
            data: [{ produto: { id: 1 }, saldoFisicoTotal: 10, saldoVirtualTotal: 8 }],
          });
    await run(ports, {
      operation: 'estoque_lancar',
      produto_id: '16219735350',
      deposito_id: '14887164',
      operacao_estoque: 'B',
      quantidade: '1.000',
      custo: '12,50',
      observacoes: 'Inventário',
    });
    expect(ports.httpCalls[0]).toMatchObject({ method: 'POST', url: `${base}/estoques` });
    expect(sent(ports)).toEqual({
      produto: { id: 16219735350 },
      deposito: { id: 14887164 },
      operacao: 'B',
      quantidade: 1000,
      custo: 12.5,
      observacoes: 'Inventário',
    });
    const { emitted } = await run(ports, {
      operation: 'estoque_saldos',
      produtos_ids: '1, 2;3',
    });
    expect(ports.httpCalls[1]!.url).toBe(
      `${base}/estoques/saldos?idsProdutos%5B%5D=1&idsProdutos%5B%5D=2&idsProdutos%5B%5D=3`,
    );
    expect(emitted[0]!.msg.payload).toEqual([
      { produto: { id: 1 }, saldoFisicoTotal: 10, saldoVirtualTotal: 8 },
    ]);
  });

  it("says Bling's refusal of a stock movement, naming the deposit", async () => {
    const ports = bling();
    ports.httpHandler = () =>
      validation('Não foi possível lançar o estoque.', [
        { code: 3, msg: 'Depósito inválido', element: 'deposito.id', namespace: 'ESTOQUES' },
      ]);
    const error = await failure(ports, {
      operation: 'estoque_lancar',
      produto_id: '1',
      deposito_id: '2',
      quantidade: '3',
    });
    expect(error.message).toBe(
      'O Bling recusou a chamada: Não foi possível lançar o estoque — o campo "ID do depósito" (deposito.id): Depósito inválido.',
    );
  });

  it('creates an invoice (NF-e) and reads one', async () => {
    const ports = bling();
    ports.httpHandler = (request) =>
      request.method === 'POST'
        ? jsonResponse(201, { data: { id: 777, numero: '000123' } })
        : jsonResponse(200, { data: { id: 777, situacao: 1 } });
    const created = await run(ports, {
      operation: 'nfe_criar',
      tipo_nota: '1',
      contato_id: '42',
      itens: [{ codigo: 'CAM-001', descricao: 'Camiseta', quantidade: '2', valor: '59,90' }],
      campos_adicionais: '{"naturezaOperacao": {"id": 15}}',
    });
    expect(ports.httpCalls[0]).toMatchObject({ method: 'POST', url: `${base}/nfe` });
    expect(sent(ports)).toEqual({
      tipo: 1,
      naturezaOperacao: { id: 15 },
      contato: { id: 42 },
      itens: [{ codigo: 'CAM-001', descricao: 'Camiseta', quantidade: 2, valor: 59.9 }],
    });
    expect(created.emitted[0]!.msg.payload).toEqual({ id: 777, numero: '000123' });
    const read = await run(ports, { operation: 'nfe_consultar', id: '777' });
    expect(ports.httpCalls[1]!.url).toBe(`${base}/nfe/777`);
    expect(read.emitted[0]!.msg.payload).toEqual({ id: 777, situacao: 1 });
  });

  it("says Bling's refusal of an invoice, and lists invoices page by page", async () => {
    const ports = bling();
    ports.httpHandler = () =>
      validation('Não foi possível salvar a nota fiscal.', [
        { code: 8, msg: 'A natureza de operação é obrigatória', element: 'naturezaOperacao' },
      ]);
    const error = await failure(ports, { operation: 'nfe_criar', contato_id: '42' });
    expect(error.message).toBe(
      'O Bling recusou a chamada: Não foi possível salvar a nota fiscal — o campo "naturezaOperacao": A natureza de operação é obrigatória.',
    );
    let pages = 0;
    ports.httpHandler = () =>
      jsonResponse(200, { data: ++pages < 3 ? Array(100).fill({ id: 1 }) : [{ id: 2 }] });
    const { emitted } = await run(ports, { operation: 'nfe_listar', return_all: true });
    expect(ports.httpCalls.slice(1).map((call) => new URL(call.url).search)).toEqual([
      '?pagina=1&limite=100',
      '?pagina=2&limite=100',
      '?pagina=3&limite=100',
    ]);
    expect(emitted[0]!.msg.payload).toHaveLength(201);
  });

  it('sends the renewed token after a 401, and says a refused token in pt-BR', async () => {
    const ports = bling();
    ports.httpHandler = (request) =>
      request.headers.authorization === `Bearer ${token}-renovado`
        ? jsonResponse(200, { data: { id: 1 } })
        : jsonResponse(401, { error: { type: 'invalid_token', message: 'invalid_token' } });
    await run(ports, { operation: 'pedido_consultar', id: '1' });
    expect(ports.tokenRequests).toEqual([
      { id: 'loja', force: false },
      { id: 'loja', force: true },
    ]);
    ports.httpHandler = () => jsonResponse(401, { error: { type: 'invalid_token' } });
    const error = await failure(ports, { operation: 'pedido_consultar', id: '1' });
    expect(error.message).toBe(
      'O Bling recusou o token de acesso da conta de serviço: autorize a conta de novo em Contas de serviço.',
    );
  });

  it('refuses an OAuth2 account of another service before any call', async () => {
    const ports = bling('custom');
    const error = await failure(ports, { operation: 'pedido_consultar', id: '1' });
    expect(error.message).toBe(
      'A conta "Bling da loja" é OAuth2 de outro serviço: o conector Bling usa uma conta OAuth2 com o serviço "Bling ERP".',
    );
    expect(ports.httpCalls).toEqual([]);
    expect(ports.tokenRequests).toEqual([]);
  });

  it("goes to the account's 'URL da API'", async () => {
    const ports = bling();
    ports.accounts.loja!.data.api_url = 'http://127.0.0.7:8080/Api/v3';
    ports.httpHandler = () => jsonResponse(200, { data: [] });
    await run(ports, { operation: 'produto_listar' });
    expect(ports.httpCalls[0]!.url).toBe(
      'http://127.0.0.7:8080/Api/v3/produtos?pagina=1&limite=100',
    );
  });
});
