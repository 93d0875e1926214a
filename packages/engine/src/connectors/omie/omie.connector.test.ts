import { describe, expect, it } from 'vitest';
import { createFakePorts, jsonResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { omieConnector, omiePageSize } from './omie.connector';

// Answers as Omie documents them: https://developer.omie.com.br/service-list (calls, listings'
// pagina/total_de_paginas), https://ajuda.omie.com.br/pt-BR/articles/8001888-tratando-os-erros-de-api
// (faults) and https://ajuda.omie.com.br/pt-BR/articles/8112984-limites-de-consumo-da-api-do-omie.
function omie() {
  const ports = createFakePorts();
  ports.accounts.omie = {
    _id: 'omie',
    name: 'Omie da loja',
    type: 'omie_erp',
    data: { app_key: '3822345678901', app_secret: 'segredo-omie' },
  };
  return ports;
}

const sent = (ports: ReturnType<typeof omie>, index = 0) =>
  JSON.parse(String(ports.httpCalls[index]!.body)) as Record<string, unknown>;

describe('svc_omie', () => {
  it('posts {call, app_key, app_secret, param} to the resource and gives the answer', async () => {
    const ports = omie();
    ports.httpHandler = () =>
      jsonResponse(200, {
        codigo_cliente_omie: 2485994,
        codigo_cliente_integracao: 'C-42',
        codigo_status: '0',
        descricao_status: 'Cliente cadastrado com sucesso!',
      });
    const { emitted } = await runNode(omieConnector, {
      ports,
      params: {
        service_account: 'omie',
        operation: 'cliente_incluir',
        dados: '{"codigo_cliente_integracao": "C-42", "razao_social": "Padaria Pão Quente"}',
        codigo: 99,
      },
    });
    expect(ports.httpCalls[0]!.url).toBe('https://app.omie.com.br/api/v1/geral/clientes/');
    expect(ports.httpCalls[0]!.method).toBe('POST');
    expect(Object.keys(sent(ports))).toEqual(['call', 'app_key', 'app_secret', 'param']);
    expect(sent(ports)).toEqual({
      call: 'IncluirCliente',
      app_key: '3822345678901',
      app_secret: 'segredo-omie',
      param: [{ codigo_cliente_integracao: 'C-42', razao_social: 'Padaria Pão Quente' }],
    });
    expect(emitted[0]!.msg.payload).toMatchObject({ codigo_cliente_omie: 2485994 });
  });

  it('alters a client by its Omie code, the code winning over the data', async () => {
    const ports = omie();
    ports.httpHandler = () => jsonResponse(200, { codigo_status: '0' });
    await runNode(omieConnector, {
      ports,
      params: {
        service_account: 'omie',
        operation: 'cliente_alterar',
        codigo: 2485994,
        dados: { email: 'compras@padaria.com.br', codigo_cliente_omie: 1 },
      },
    });
    expect(sent(ports)).toMatchObject({
      call: 'AlterarCliente',
      param: [{ email: 'compras@padaria.com.br', codigo_cliente_omie: 2485994 }],
    });
  });

  it('follows pagina up to total_de_paginas for "Buscar todos"', async () => {
    const ports = omie();
    ports.httpHandler = (request) => {
      const param = (JSON.parse(String(request.body)) as { param: { pagina: number }[] }).param[0]!;
      return jsonResponse(200, {
        pagina: param.pagina,
        total_de_paginas: 3,
        registros: 2,
        total_de_registros: 6,
        conta_receber_cadastro: [{ id: param.pagina * 10 }, { id: param.pagina * 10 + 1 }],
      });
    };
    const { emitted } = await runNode(omieConnector, {
      ports,
      params: {
        service_account: 'omie',
        operation: 'conta_receber_listar',
        filtros: '{"filtrar_por_status": "ABERTO"}',
        return_all: true,
      },
    });
    expect(ports.httpCalls.map((call) => call.url)).toEqual(
      Array(3).fill('https://app.omie.com.br/api/v1/financas/contareceber/'),
    );
    expect(ports.httpCalls.map((_, index) => sent(ports, index).param)).toEqual(
      [1, 2, 3].map((pagina) => [
        {
          pagina,
          registros_por_pagina: omiePageSize,
          apenas_importado_api: 'N',
          filtrar_por_status: 'ABERTO',
        },
      ]),
    );
    expect(sent(ports).call).toBe('ListarContasReceber');
    expect(emitted[0]!.msg.payload).toEqual([
      { id: 10 },
      { id: 11 },
      { id: 20 },
      { id: 21 },
      { id: 30 },
      { id: 31 },
    ]);
  });

  it('gives an empty list when Omie says there are no records', async () => {
    const ports = omie();
    ports.httpHandler = () =>
      jsonResponse(500, {
        faultstring: 'ERROR: Não existem registros para a página [1]!',
        faultcode: 'SOAP-ENV:Client-5113',
      });
    const { emitted } = await runNode(omieConnector, {
      ports,
      params: { service_account: 'omie', operation: 'conta_pagar_listar' },
    });
    expect(emitted[0]!.msg.payload).toEqual([]);
  });

  it("says Omie's fault in pt-BR", async () => {
    const ports = omie();
    ports.httpHandler = () =>
      jsonResponse(500, {
        faultstring: 'ERROR: Pedido não cadastrado para o Código [123]',
        faultcode: 'SOAP-ENV:Client-103',
      });
    await expect(
      runNode(omieConnector, {
        ports,
        params: { service_account: 'omie', operation: 'pedido_consultar', codigo: 123 },
      }),
    ).rejects.toThrow('O Omie recusou a chamada: Pedido não cadastrado para o Código [123]');
    expect(sent(ports)).toMatchObject({ call: 'ConsultarPedido', param: [{ codigo_pedido: 123 }] });
  });

  it("says a refused key as the account's, never showing the secret", async () => {
    const ports = omie();
    ports.httpHandler = () =>
      jsonResponse(500, {
        faultstring: 'ERROR: A chave de acesso não está preenchida ou não é válida!',
        faultcode: 'SOAP-ENV:Client-101',
      });
    const error = (await runNode(omieConnector, {
      ports,
      params: { service_account: 'omie', operation: 'produto_consultar', codigo: 7 },
    }).catch((failure: Error) => failure)) as Error;
    expect(error.message).toBe(
      'O Omie recusou a chave do aplicativo (app key e app secret) da conta de serviço: A chave de acesso não está preenchida ou não é válida!',
    );
    expect(error.message).not.toContain('segredo-omie');
  });

  it('waits and tries again after a 429 and after a redundant call', async () => {
    const ports = omie();
    const times: number[] = [];
    ports.httpHandler = () => {
      times.push(ports.time);
      if (times.length === 1) return jsonResponse(429, { message: 'Too many requests' });
      if (times.length === 2) {
        return jsonResponse(500, {
          faultstring:
            'ERROR: Consumo redundante detectado. Aguarde 45 segundos para efetuar uma nova requisição.',
          faultcode: 'SOAP-ENV:Client-6',
        });
      }
      return jsonResponse(200, { codigo_produto: 7 });
    };
    const { emitted } = await runNode(omieConnector, {
      ports,
      params: { service_account: 'omie', operation: 'produto_consultar', codigo: 7 },
    });
    expect(emitted[0]!.msg.payload).toEqual({ codigo_produto: 7 });
    expect([times[1]! - times[0]!, times[2]! - times[1]!]).toEqual([1_000, 45_000]);
  });

  it('refuses data that is not a JSON object before any call', async () => {
    const ports = omie();
    await expect(
      runNode(omieConnector, {
        ports,
        params: { service_account: 'omie', operation: 'produto_incluir', dados: '{"descricao": ' },
      }),
    ).rejects.toThrow('O campo "Dados (JSON)" não é um JSON válido.');
    expect(ports.httpCalls).toEqual([]);
  });
});
