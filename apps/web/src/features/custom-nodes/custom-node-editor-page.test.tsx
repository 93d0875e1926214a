import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { defaultHandlerCode } from '@ponte/shared/custom-nodes.schema';
import type { CustomNodeBody } from '@ponte/shared/custom-nodes.schema';
import { nodeLibraryQueryKey } from '../../lib/engine/get-node-library';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { consultaCep, setup } from './test-fixtures';
import { keepEditing, leaveWithoutSaving } from '../../test/leave-question';

vi.mock('./custom-node-functions-tab', async () => ({
  CustomNodeFunctionsTab: (await import('./test-fixtures')).FakeFunctionsTab,
}));

const created = { ...consultaCep, _id: 'cn7', name: 'Busca Pedido', version: 1, group: null };

const nameInput = () => screen.getByRole('textbox', { name: /^Nome(?! do)/ });

const save = async (user: ReturnType<typeof renderApp>['user']) =>
  user.click(screen.getByRole('button', { name: 'Salvar' }));

describe('/custom-nodes/new and /custom-nodes/{id}', () => {
  it('starts with the defaults and shows each required rule in turn, sending nothing', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const api = setup([
      { method: 'POST', path: '/api/v1/custom-nodes', reply: { status: 201, body: created } },
    ]);
    const { user, router } = renderApp('/custom-nodes/new');
    expect(await screen.findByRole('heading', { name: 'Novo conector' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Configurações' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Ativo' })).toBeChecked();
    expect(
      screen.getByText('Tamanho recomendado: 128x128px, no máximo 100Kb.'),
    ).toBeInTheDocument();

    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('O nome do conector é obrigatório');
    await user.type(nameInput(), 'Busca Pedido');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A descrição do conector é obrigatória',
    );
    await user.type(screen.getByLabelText(/Descrição/), 'Busca um pedido no ERP.');
    await user.type(screen.getByLabelText(/Nome do serviço/), 'ERP');

    // A param issue opens the 'Funções' tab and reaches it.
    await user.click(screen.getByRole('tab', { name: 'Funções' }));
    expect(screen.getByLabelText('Código do handler')).toHaveValue(defaultHandlerCode);
    await user.click(screen.getByRole('button', { name: 'Adicionar parâmetro' }));
    await user.click(screen.getByRole('tab', { name: 'Configurações' }));
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O nome do parâmetro 1 é obrigatório.',
    );
    expect(screen.getByRole('tab', { name: 'Funções' })).toHaveAttribute('aria-selected', 'true');
    const issues = screen.getByRole('list', { name: 'Problemas das funções' });
    expect(within(issues).getByText('O nome do parâmetro 1 é obrigatório.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/custom-nodes')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/custom-nodes/new');
  });

  it('POSTs the new connector and goes to its address', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const api = setup([
      { method: 'POST', path: '/api/v1/custom-nodes', reply: { status: 201, body: created } },
    ]);
    const { user, router, queryClient } = renderApp('/custom-nodes/new');
    queryClient.setQueryData(nodeLibraryQueryKey, { nodes: [], olderVersions: [] });
    await screen.findByRole('heading', { name: 'Novo conector' });
    await user.type(nameInput(), '  Busca Pedido ');
    await user.type(screen.getByLabelText(/Descrição/), 'Busca um pedido no ERP.');
    await user.click(screen.getByRole('switch', { name: 'Ativo' }));
    await save(user);

    expect(await screen.findByText('Conector salvo com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/custom-nodes/cn7'));
    const body = api.callsTo('POST', '/api/v1/custom-nodes')[0]?.body as CustomNodeBody;
    expect(body).toEqual({
      name: 'Busca Pedido',
      service_name: '',
      description: 'Busca um pedido no ERP.',
      enabled: false,
      imageData: '',
      execution_type: 'custom_code',
      code_execution_content: defaultHandlerCode,
      params: [],
      group: 'g1',
    });
    expect(await screen.findByRole('heading', { name: 'Busca Pedido' })).toBeInTheDocument();
    expect(screen.getByText('Versão 1')).toBeInTheDocument();
    expect(queryClient.getQueryState(nodeLibraryQueryKey)?.isInvalidated).toBe(true);
  });

  it('edits a connector with PUT, keeping its group, and shows the server refusal after the spec prefix', async () => {
    let answer = apiError(400, 'Falha no banco.');
    const api = setup([{ method: 'PUT', path: '/api/v1/custom-nodes/cn1', reply: () => answer }]);
    const { user } = renderApp('/custom-nodes/cn1');
    expect(await screen.findByRole('heading', { name: 'Consulta CEP' })).toBeInTheDocument();
    expect(screen.getByText('Versão 3')).toBeInTheDocument();
    expect(screen.getByDisplayValue('ViaCEP')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Funções' }));
    const code = screen.getByLabelText('Código do handler');
    await user.clear(code);
    await user.type(code, 'async function handler(msg) {{ return msg; }');

    await save(user);
    expect(
      await screen.findByText('Ocorreu um erro ao salvar: Falha no banco.'),
    ).toBeInTheDocument();

    answer = { status: 200, body: { ...consultaCep, version: 4 } };
    await save(user);
    expect(await screen.findByText('Conector salvo com sucesso!')).toBeInTheDocument();
    expect(await screen.findByText('Versão 4')).toBeInTheDocument();
    const body = api.callsTo('PUT', '/api/v1/custom-nodes/cn1')[1]?.body as CustomNodeBody;
    expect(body).toMatchObject({
      name: 'Consulta CEP',
      group: 'g1',
      imageData: consultaCep.imageData,
      code_execution_content: 'async function handler(msg) { return msg; }',
      params: consultaCep.params,
    });
    expect(api.callsTo('POST', '/api/v1/custom-nodes')).toHaveLength(0);
  });

  it('keeps on save what the params hold beyond what the editor shows (show_when, accepts)', async () => {
    const params = [
      {
        ...consultaCep.params[0]!,
        name: 'operacao',
        label: 'Operação',
        type: 'select' as const,
        options: [{ label: 'Listar', value: 'listar' }],
        position: 0,
      },
      {
        ...consultaCep.params[0]!,
        name: 'limite',
        type: 'number' as const,
        description: 'Quantos itens.',
        show_when: { operacao: ['listar'] },
        position: 1,
      },
      {
        ...consultaCep.params[0]!,
        name: 'conta',
        type: 'service_account' as const,
        accepts: ['bearer_token'],
        position: 2,
      },
    ];
    const node = { ...consultaCep, params };
    const api = setup([
      { method: 'GET', path: '/api/v1/custom-nodes/cn1', reply: { body: node } },
      { method: 'PUT', path: '/api/v1/custom-nodes/cn1', reply: { body: node } },
    ]);
    const { user } = renderApp('/custom-nodes/cn1');
    await user.type(await screen.findByDisplayValue('Consulta CEP'), ' 2');
    await save(user);
    expect(await screen.findByText('Conector salvo com sucesso!')).toBeInTheDocument();
    const body = api.callsTo('PUT', '/api/v1/custom-nodes/cn1')[0]?.body as CustomNodeBody;
    expect(body.name).toBe('Consulta CEP 2');
    expect(body.params).toEqual(params);
  });

  it('says when the connector cannot be read', async () => {
    setup([
      {
        method: 'GET',
        path: '/api/v1/custom-nodes/outro',
        reply: apiError(404, 'Conector não encontrado.'),
      },
    ]);
    renderApp('/custom-nodes/outro');
    expect(await screen.findByText('Conector não encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Editar conector' })).toBeInTheDocument();
  });

  it('asks before "Voltar" drops a changed setting or handler; after a save it leaves at once', async () => {
    setup([{ method: 'PUT', path: '/api/v1/custom-nodes/cn1', reply: { body: consultaCep } }]);
    const { user, router } = renderApp('/custom-nodes/cn1');
    await screen.findByRole('heading', { name: 'Consulta CEP' });
    const back = () =>
      user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Voltar' }));

    await user.type(nameInput(), ' 2');
    await back();
    await keepEditing(user);
    expect(nameInput()).toHaveValue('Consulta CEP 2');
    await user.type(nameInput(), '{Backspace}{Backspace}');

    await user.click(screen.getByRole('tab', { name: 'Funções' }));
    await user.type(screen.getByLabelText('Código do handler'), '// ok');
    await back();
    await keepEditing(user);
    expect(router.state.location.pathname).toBe('/custom-nodes/cn1');
    expect(screen.getByLabelText('Código do handler')).toHaveValue(
      `${consultaCep.code_execution_content}// ok`,
    );

    await save(user);
    expect(await screen.findByText('Conector salvo com sucesso!')).toBeInTheDocument();
    await back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/custom-nodes'));
    expect(screen.queryByRole('dialog', { name: 'Sair do editor?' })).not.toBeInTheDocument();
  });

  it('asks before "Voltar" leaves a new connector with a name typed', async () => {
    setup();
    const { user, router } = renderApp('/custom-nodes/new');
    await screen.findByRole('heading', { name: 'Novo conector' });
    await user.type(nameInput(), 'Busca Pedido');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Voltar' }));
    await leaveWithoutSaving(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/custom-nodes'));
  });
});
