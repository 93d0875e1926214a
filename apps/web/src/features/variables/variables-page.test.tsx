import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Variable } from '@ponte/shared/variables.schema';
import { apiError, mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import { VariablesPage } from './variables-page';
import { expectDenied, signInAs } from '../../test/role-fixtures';

const token: Variable = {
  _id: 'v1',
  name: 'Token do ERP',
  key: 'ERP_TOKEN',
  value: 'x'.repeat(80),
  workspace: 'w1',
  updated_at: '2026-01-15T12:34:56Z',
};

function setup(routes: MockRoute[] = [], items: Variable[] = [token]) {
  storeTestSession();
  return mockFetch([
    ...routes,
    { method: 'GET', path: '/api/v1/variables', reply: { body: { items, total: items.length } } },
  ]);
}

type User = ReturnType<typeof renderWithProviders>['user'];

async function fillForm(user: User) {
  const dialog = await screen.findByRole('dialog', { name: 'Nova variável' });
  await user.type(within(dialog).getByLabelText(/^Nome/), 'URL do CRM');
  await user.type(within(dialog).getByLabelText(/^Chave/), 'CRM_URL');
  await user.type(within(dialog).getByLabelText('Valor'), 'https://crm.exemplo.com');
  return dialog;
}

describe('/variables', () => {
  it('lists every variable, asking limit=1000, with the value cut at 60', async () => {
    const api = setup();
    renderWithProviders(<VariablesPage />, { path: '/variables' });
    const table = await screen.findByRole('table', { name: 'Variáveis' });
    expect(api.calls[0]?.url.search).toBe('?limit=1000');
    for (const header of ['Nome', 'Chave', 'Valor', 'Atualização']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText('ERP_TOKEN')).toBeInTheDocument();
    expect(within(table).getByText(`${'x'.repeat(60)}...`)).toBeInTheDocument();
    expect(within(table).getByText('15/01/2026 09:34:56')).toBeInTheDocument();
  });

  it('invites to create the first variable', async () => {
    setup([], []);
    renderWithProviders(<VariablesPage />, { path: '/variables' });
    expect(await screen.findByText('Nenhuma variável criada ainda.')).toBeInTheDocument();
  });

  it('checks the form with the shared rules', async () => {
    const api = setup();
    const { user } = renderWithProviders(<VariablesPage />, { path: '/variables' });
    await user.click(screen.getByRole('button', { name: 'Criar variável' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova variável' });
    await user.type(within(dialog).getByLabelText(/^Chave/), '1-chave');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText('O campo "Nome" é obrigatório.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'A chave deve começar com uma letra ou "_" e conter apenas letras, números e "_".',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/variables')).toHaveLength(0);
  });

  it('creates a variable and confirms it', async () => {
    const api = setup([{ method: 'POST', path: '/api/v1/variables', reply: { body: token } }]);
    const { user } = renderWithProviders(<VariablesPage />, { path: '/variables' });
    await user.click(screen.getByRole('button', { name: 'Criar variável' }));
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Variável salva com sucesso')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/variables')[0]?.body).toEqual({
      name: 'URL do CRM',
      key: 'CRM_URL',
      value: 'https://crm.exemplo.com',
      workspace: 'w1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server message of a 400 and reloads the list', async () => {
    const message = 'Já existe uma variável com esta chave neste workspace.';
    const api = setup([
      { method: 'POST', path: '/api/v1/variables', reply: apiError(400, message) },
    ]);
    const { user } = renderWithProviders(<VariablesPage />, { path: '/variables' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Criar variável' }));
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/variables')).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: 'Nova variável' })).toBeInTheDocument();
  });

  it('shows the generic save error for other failures', async () => {
    setup([{ method: 'POST', path: '/api/v1/variables', reply: apiError(500, 'Erro interno.') }]);
    const { user } = renderWithProviders(<VariablesPage />, { path: '/variables' });
    await user.click(screen.getByRole('button', { name: 'Criar variável' }));
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Ocorreu um erro ao salvar a variável')).toBeInTheDocument();
  });

  it('edits a variable in the same modal', async () => {
    const api = setup([{ method: 'PUT', path: '/api/v1/variables/v1', reply: { body: token } }]);
    const { user } = renderWithProviders(<VariablesPage />, { path: '/variables' });
    const row = within(await screen.findByRole('table')).getByRole('row', { name: /Token do ERP/ });
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar variável' });
    const name = within(dialog).getByLabelText(/^Nome/);
    expect(name).toHaveValue('Token do ERP');
    await user.clear(name);
    await user.type(name, 'Token do ERP novo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Variável salva com sucesso');
    expect(api.callsTo('PUT', '/api/v1/variables/v1')[0]?.body).toMatchObject({
      name: 'Token do ERP novo',
      key: 'ERP_TOKEN',
    });
  });

  it.each([
    ['Fechar', (user: User) => user.click(screen.getByRole('button', { name: 'Fechar' }))],
    ['Esc', (user: User) => user.keyboard('{Escape}')],
    ['Cancelar', (user: User) => user.click(screen.getByRole('button', { name: 'Cancelar' }))],
  ])('asks before %s closes a changed form, and keeps what was typed', async (_way, close) => {
    const api = setup();
    const { user } = renderWithProviders(<VariablesPage />, { path: '/variables' });
    await user.click(screen.getByRole('button', { name: 'Criar variável' }));
    await fillForm(user);
    await close(user);
    const question = await screen.findByRole('dialog', { name: 'Sair do editor?' });
    expect(question).toHaveTextContent('Existem alterações não salvas. Deseja sair mesmo assim?');
    await user.click(within(question).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sair do editor?' })).not.toBeInTheDocument(),
    );
    const form = screen.getByRole('dialog', { name: 'Nova variável' });
    expect(within(form).getByLabelText(/^Chave/)).toHaveValue('CRM_URL');

    await close(user);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sair do editor?' })).getByRole('button', {
        name: 'Sair sem salvar',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/v1/variables')).toHaveLength(0);
  });

  it('closes an unchanged form at once, and a variable edited back as it was', async () => {
    setup();
    const { user } = renderWithProviders(<VariablesPage />, { path: '/variables' });
    const row = within(await screen.findByRole('table')).getByRole('row', { name: /Token do ERP/ });
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar variável' });
    await user.type(within(dialog).getByLabelText(/^Nome/), 'X{Backspace}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before removing and confirms the removal', async () => {
    const api = setup([{ method: 'DELETE', path: '/api/v1/variables/v1', reply: { status: 204 } }]);
    const { user } = renderWithProviders(<VariablesPage />, { path: '/variables' });
    const row = within(await screen.findByRole('table')).getByRole('row', { name: /Token do ERP/ });
    await user.click(within(row).getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deseja realmente remover a variável?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Variável removida com sucesso')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/variables/v1')).toHaveLength(1);
  });

  it('reports a failed removal', async () => {
    setup([{ method: 'DELETE', path: '/api/v1/variables/v1', reply: apiError(500, 'Falhou.') }]);
    const { user } = renderWithProviders(<VariablesPage />, { path: '/variables' });
    const row = within(await screen.findByRole('table')).getByRole('row', { name: /Token do ERP/ });
    await user.click(within(row).getByRole('button', { name: 'Remover' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }),
    );
    expect(await screen.findByText('Ocorreu um erro ao remover a variável')).toBeInTheDocument();
  });

  it("shows a Operador the variables with 'Criar variável', editing and removing disabled", async () => {
    setup();
    signInAs('operator');
    const { user } = renderWithProviders(<VariablesPage />, { path: '/variables' });
    const table = await screen.findByRole('table', { name: 'Variáveis' });
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Criar variável' }),
      'operator',
      'variables.write',
    );
    await expectDenied(
      user,
      within(table).getByRole('button', { name: 'Editar' }),
      'operator',
      'variables.write',
    );
    const remove = within(table).getByRole('button', { name: 'Remover' });
    await expectDenied(user, remove, 'operator', 'variables.write');
    await user.click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
