import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FormBody } from '@ponte/shared/forms.schema';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { addField, apply, fill, pick, save } from './builder-test-helpers';
import { cadastro, setup } from './test-fixtures';
import { keepEditing, leaveWithoutSaving } from '../../test/leave-question';

const created = { ...cadastro, _id: 'fm9', name: 'Pesquisa', group: null, auth_pin_set: true };

describe('/forms/new and /forms/edit/{id}', () => {
  it('shows each rule of spec 2 §5 in turn and sends nothing until the form is right', async () => {
    const api = setup([
      { method: 'POST', path: '/api/v1/forms', reply: { status: 201, body: created } },
      { method: 'GET', path: '/api/v1/forms/fm9', reply: { body: created } },
    ]);
    const { user, router } = renderApp('/forms/new');
    const alert = async (text: string) => {
      await save(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(api.callsTo('POST', '/api/v1/forms')).toHaveLength(0);
    };

    await screen.findByRole('tab', { name: 'Campos' });
    await alert('O nome do form é obrigatório');
    await user.type(screen.getByLabelText(/Nome do form/), 'Pesquisa');
    await alert('É necessário adicionar pelo menos um campo');

    let dialog = await addField(user, 'Texto');
    await apply(user, dialog);
    await alert('O código do campo 1 é obrigatório');

    await user.click(screen.getByRole('button', { name: 'Opções do campo 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Opções do campo 1' });
    await fill(user, dialog, /Código/, 'cpf');
    await apply(user, dialog);
    await alert('O label do campo 1 é obrigatório');

    await user.click(screen.getByRole('button', { name: 'Opções do campo 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Opções do campo 1' });
    await fill(user, dialog, /^Label/, 'CPF');
    await apply(user, dialog);
    dialog = await addField(user, 'Lista de seleção');
    await fill(user, dialog, /Código/, 'CPF');
    await fill(user, dialog, /^Label/, 'Estado');
    await apply(user, dialog);
    await alert('O código do campo 2 já foi utilizado em outro campo');

    await user.click(screen.getByRole('button', { name: 'Opções do campo 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Opções do campo 2' });
    await fill(user, dialog, /Código/, 'uf');
    await apply(user, dialog);
    await alert('É necessário adicionar pelo menos uma opção para o campo 2');

    await user.click(screen.getByRole('button', { name: 'Opções do campo 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Opções do campo 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar opção' }));
    await fill(user, dialog, /Label da opção 1/, 'São Paulo');
    await apply(user, dialog);
    await alert('A opção 1 do campo 2 precisa de label e valor.');

    await user.click(screen.getByRole('button', { name: 'Opções do campo 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Opções do campo 2' });
    await fill(user, dialog, /Valor da opção 1/, 'SP');
    await apply(user, dialog);

    await user.click(screen.getByRole('tab', { name: 'Exibição' }));
    await user.click(screen.getByLabelText(/Autenticação por PIN/));
    await alert('Informe o PIN para ativar a autenticação por PIN.');
    await user.type(screen.getByLabelText(/^PIN/), 'ab-1');
    await alert('O PIN deve ter no máximo 6 caracteres, só letras e números.');
    await user.clear(screen.getByLabelText(/^PIN/));
    await user.type(screen.getByLabelText(/^PIN/), 'ab12');

    await save(user);
    expect(await screen.findByText('Form salvo com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/edit/fm9'));
    const body = api.callsTo('POST', '/api/v1/forms')[0]?.body as FormBody;
    expect(body).toMatchObject({
      name: 'Pesquisa',
      group: null,
      status: 'draft',
      require_auth_pin: true,
      auth_pin: 'ab12',
      success_message: 'O formulário foi enviado com sucesso!',
      show_back_button: true,
    });
    expect(body.fields?.map((f) => [f.name, f.label, f.type, f.position])).toEqual([
      ['cpf', 'CPF', 'text', 0],
      ['uf', 'Estado', 'select', 1],
    ]);
    expect(body.fields?.[1]?.options).toEqual([{ label: 'São Paulo', value: 'SP' }]);
    // The saved form opens in the editor, with its preview link.
    expect(await screen.findByRole('heading', { name: 'Editar formulário' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Pré-visualizar' })).toHaveAttribute(
      'href',
      '/engine/forms/fm9',
    );
  });

  it('lists every reason a save is refused at once, and each leaves the list when fixed', async () => {
    const api = setup([]);
    const { user } = renderApp('/forms/new');
    await screen.findByRole('tab', { name: 'Campos' });
    await save(user);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['O nome do form é obrigatório', 'É necessário adicionar pelo menos um campo']);
    expect(alert).toHaveTextContent('Corrija 2 pontos antes de salvar:');

    const dialog = await addField(user, 'Lista de seleção');
    await apply(user, dialog);
    await save(user);
    expect(
      within(await screen.findByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'O nome do form é obrigatório',
      'O código do campo 1 é obrigatório',
      'O label do campo 1 é obrigatório',
      'É necessário adicionar pelo menos uma opção para o campo 1',
    ]);
    await user.type(screen.getByLabelText(/Nome do form/), 'Pesquisa');
    expect(screen.getByRole('alert')).not.toHaveTextContent('O nome do form é obrigatório');
    expect(api.callsTo('POST', '/api/v1/forms')).toHaveLength(0);
  });

  it("lists every issue of the server's refusal", async () => {
    const refusal = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'validation_error',
        message: 'O código do campo 1 é obrigatório',
        details: [
          { field: 'fields.0.name', message: 'O código do campo 1 é obrigatório' },
          { field: 'fields.1.label', message: 'O label do campo 2 é obrigatório' },
        ],
      },
    };
    setup([{ method: 'PUT', path: '/api/v1/forms/fm1', reply: refusal }]);
    const { user } = renderApp('/forms/edit/fm1');
    await screen.findByDisplayValue('Cadastro de Clientes');
    await save(user);
    const title = await screen.findByText('Corrija 2 pontos antes de salvar:');
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['O código do campo 1 é obrigatório', 'O label do campo 2 é obrigatório']);
  });

  it('shows the server refusal after the spec prefix', async () => {
    setup([{ method: 'PUT', path: '/api/v1/forms/fm1', reply: apiError(400, 'Falha no banco.') }]);
    const { user } = renderApp('/forms/edit/fm1');
    await screen.findByDisplayValue('Cadastro de Clientes');
    await save(user);
    expect(
      await screen.findByText('Ocorreu um erro ao salvar: Falha no banco.'),
    ).toBeInTheDocument();
  });

  it('edits a form: keeps the stored PIN when left blank, its group, and opens the preview', async () => {
    const api = setup([{ method: 'PUT', path: '/api/v1/forms/fm1', reply: { body: cadastro } }]);
    const { user } = renderApp('/forms/edit/fm1');
    expect(await screen.findByDisplayValue('Cadastro de Clientes')).toBeInTheDocument();
    const preview = screen.getByRole('link', { name: 'Pré-visualizar' });
    expect(preview).toHaveAttribute('href', '/engine/forms/fm1');
    expect(preview).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
    const rows = screen.getAllByTestId('form-field');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1. CPF');
    expect(within(rows[0]!).getByLabelText('obrigatório')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Lista de seleção');

    await user.click(screen.getByRole('button', { name: 'Descer o campo 1' }));
    expect(screen.getAllByTestId('form-field')[0]).toHaveTextContent('1. Estado');

    await user.click(screen.getByRole('tab', { name: 'Exibição' }));
    expect(screen.getByText(/Receber cadastro/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^PIN/)).toHaveAttribute(
      'placeholder',
      '•••••• (definido — deixe em branco para manter)',
    );
    expect(screen.getByLabelText(/Mensagem de sucesso/)).toHaveValue('Obrigado!');
    await user.click(screen.getByRole('radio', { name: 'Rascunho' }));
    await save(user);
    expect(await screen.findByText('Form salvo com sucesso!')).toBeInTheDocument();
    const body = api.callsTo('PUT', '/api/v1/forms/fm1')[0]?.body as FormBody;
    expect(body).not.toHaveProperty('auth_pin');
    expect(body).toMatchObject({ group: 'g1', require_auth_pin: true, status: 'draft' });
    expect(body.fields?.map((f) => [f.name, f.position])).toEqual([
      ['uf', 0],
      ['cpf', 1],
    ]);
  });

  it('says when no active flow uses the form yet', async () => {
    setup([
      {
        method: 'GET',
        path: '/api/v1/forms/fm1',
        reply: { body: { ...cadastro, flow_id: null } },
      },
    ]);
    const { user } = renderApp('/forms/edit/fm1');
    await user.click(await screen.findByRole('tab', { name: 'Exibição' }));
    expect(
      screen.getByText(/Nenhum flow ativo usa este formulário: crie um flow com o gatilho/),
    ).toBeInTheDocument();
  });

  it('removes a field, and the type change to table clears required (§4)', async () => {
    const api = setup([{ method: 'PUT', path: '/api/v1/forms/fm1', reply: { body: cadastro } }]);
    const { user } = renderApp('/forms/edit/fm1');
    await screen.findByDisplayValue('Cadastro de Clientes');
    await user.click(screen.getByRole('button', { name: 'Remover o campo 2' }));
    expect(screen.getAllByTestId('form-field')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Opções do campo 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opções do campo 1' });
    expect(within(dialog).getByLabelText('Obrigatório')).toBeChecked();
    await pick(user, within(dialog).getByRole('combobox', { name: 'Tipo' }), 'Tabela');
    expect(within(dialog).queryByLabelText('Obrigatório')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Máscara')).not.toBeInTheDocument();
    await pick(user, within(dialog).getByRole('combobox', { name: 'Tipo' }), 'Texto');
    expect(within(dialog).getByLabelText('Obrigatório')).not.toBeChecked();
    await pick(user, within(dialog).getByRole('combobox', { name: 'Tipo' }), 'Tabela');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar coluna' }));
    await fill(user, dialog, /Label da coluna 1/, 'Produto');
    await fill(user, dialog, /Valor da coluna 1/, 'produto');
    await user.click(within(dialog).getByLabelText('Coluna 1 obrigatória'));
    await apply(user, dialog);
    expect(within(screen.getByTestId('form-field')).queryByLabelText('obrigatório')).toBeNull();

    await save(user);
    await screen.findByText('Form salvo com sucesso!');
    const body = api.callsTo('PUT', '/api/v1/forms/fm1')[0]?.body as FormBody;
    expect(body.fields).toHaveLength(1);
    expect(body.fields?.[0]).toMatchObject({
      type: 'table',
      is_required: false,
      options: [{ label: 'Produto', value: 'produto', is_required: true }],
    });
  });

  it('asks before Cancelar drops a moved field; after a save Cancelar leaves at once', async () => {
    setup([{ method: 'PUT', path: '/api/v1/forms/fm1', reply: { body: cadastro } }]);
    const { user, router } = renderApp('/forms/edit/fm1');
    await screen.findByDisplayValue('Cadastro de Clientes');
    await user.click(screen.getByRole('button', { name: 'Descer o campo 1' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await keepEditing(user);
    expect(screen.getAllByTestId('form-field')[0]).toHaveTextContent('1. Estado');

    await save(user);
    expect(await screen.findByText('Form salvo com sucesso!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms'));
  });

  it('asks before Cancelar leaves a new form with a field added', async () => {
    setup();
    const { user, router } = renderApp('/forms/new');
    await apply(user, await addField(user, 'Texto'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await leaveWithoutSaving(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms'));
  });
});
