import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OpenApiSummary } from '@ponte/shared/custom-nodes-openapi.schema';
import { messages } from '@ponte/shared/messages';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { consultaCep, listOf, setup } from './test-fixtures';

const summary: OpenApiSummary = {
  title: 'Loja Virtual',
  version: '2.1',
  description: '',
  spec: 'OpenAPI 3.1.0',
  servers: ['https://api.loja.com.br/v1'],
  security: [{ name: 'token', type: 'http', scheme: 'bearer', account_types: ['bearer_token'] }],
  operations: [
    {
      id: 'listarPedidos',
      method: 'GET',
      path: '/pedidos',
      summary: 'Lista os pedidos',
      tag: 'Pedidos',
      deprecated: false,
    },
    {
      id: 'criarPedido',
      method: 'POST',
      path: '/pedidos',
      summary: 'Cria um pedido',
      tag: 'Pedidos',
      deprecated: false,
    },
    {
      id: 'emitirNota',
      method: 'POST',
      path: '/notas',
      summary: 'Emite a nota fiscal',
      tag: 'Notas',
      deprecated: false,
    },
    { id: 'GET /saude', method: 'GET', path: '/saude', summary: '', tag: '', deprecated: true },
  ],
};

const created = { ...consultaCep, _id: 'cn9', name: 'Minha loja', version: 1 };

describe("/custom-nodes 'Criar a partir de OpenAPI'", () => {
  it('reads a URL, picks operations by tag and by search, and opens the new connector', async () => {
    let readReply: ReturnType<typeof apiError> = apiError(
      400,
      messages.customNodesOpenApi.notOpenApi,
    );
    const api = setup([
      { method: 'GET', path: '/api/v1/custom-nodes', reply: listOf([consultaCep], 1) },
      { method: 'POST', path: '/api/v1/custom-nodes/openapi/read', reply: () => readReply },
      {
        method: 'POST',
        path: '/api/v1/custom-nodes/openapi',
        reply: { status: 201, body: created },
      },
      { method: 'GET', path: '/api/v1/custom-nodes/cn9', reply: { body: created } },
    ]);
    const { user } = renderApp('/custom-nodes');
    await user.click(await screen.findByRole('button', { name: 'Criar a partir de OpenAPI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar a partir de OpenAPI' });
    await user.click(within(dialog).getByRole('button', { name: 'Ler documento' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      messages.customNodesOpenApi.sourceRequired,
    );

    await user.type(
      within(dialog).getByRole('textbox', { name: 'URL do documento' }),
      'https://api.loja.com.br/openapi.json',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ler documento' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      messages.customNodesOpenApi.notOpenApi,
    );
    readReply = { status: 200, body: summary };
    await user.click(within(dialog).getByRole('button', { name: 'Ler documento' }));
    expect(await within(dialog).findByRole('textbox', { name: /Nome do conector/ })).toHaveValue(
      'Loja Virtual',
    );
    expect(api.callsTo('POST', '/api/v1/custom-nodes/openapi/read')[1]?.body).toEqual({
      url: 'https://api.loja.com.br/openapi.json',
    });
    expect(within(dialog).getByText('0 de 4 operações escolhidas')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Escolher todas de Pedidos' }));
    expect(within(dialog).getByText('2 de 4 operações escolhidas')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Buscar operações' }), 'NOTÁ');
    expect(within(dialog).queryByText('Lista os pedidos')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Emite a nota fiscal/ }));
    expect(within(dialog).getByText('3 de 4 operações escolhidas')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: /Nome do conector/ });
    await user.clear(name);
    await user.type(name, 'Minha loja');
    await user.click(within(dialog).getByRole('button', { name: 'Criar conector' }));
    expect(await screen.findByRole('heading', { name: 'Minha loja' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/custom-nodes/openapi')[0]?.body).toEqual({
      url: 'https://api.loja.com.br/openapi.json',
      operations: ['listarPedidos', 'criarPedido', 'emitirNota'],
      name: 'Minha loja',
    });
  });
});
