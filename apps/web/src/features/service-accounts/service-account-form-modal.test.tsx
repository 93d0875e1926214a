import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import { ServiceAccountsPage } from './service-accounts-page';
import { account, listReply, smtp } from './test-fixtures';

type User = ReturnType<typeof renderWithProviders>['user'];

function setup(routes: MockRoute[] = []) {
  storeTestSession();
  return mockFetch([
    ...routes,
    { method: 'GET', path: '/api/v1/service-accounts', reply: listReply([smtp]) },
  ]);
}

async function openNew(user: User) {
  await screen.findByRole('table', { name: 'Contas de serviço' });
  await user.click(screen.getByRole('button', { name: 'Criar conta de serviço' }));
  return screen.findByRole('dialog', { name: 'Nova conta de serviço' });
}

async function chooseType(user: User, dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByRole('combobox', { name: /^Tipo de autenticação/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

const created = (body: object = {}): MockRoute => ({
  method: 'POST',
  path: '/api/v1/service-accounts',
  reply: { status: 201, body: { ...smtp, ...body } },
});

describe('the service account form', () => {
  it('creates an SMTP account with the defaults and the typed values', async () => {
    const api = setup([created()]);
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    const dialog = await openNew(user);
    await user.type(within(dialog).getByLabelText(/^Nome/), 'SMTP novo');
    await chooseType(user, dialog, 'Conta SMTP');
    expect(within(dialog).getByLabelText(/^Porta/)).toHaveValue('587');
    expect(within(dialog).getByText('Servidor (host)').parentElement).toHaveTextContent('*');
    await user.type(within(dialog).getByLabelText(/^Servidor \(host\)/), 'smtp.exemplo.com.br');
    await user.type(within(dialog).getByLabelText(/^Usuário/), 'ana');
    await user.type(within(dialog).getByLabelText(/^Senha/), 's3nha');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Conta de serviço salva com sucesso')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/service-accounts')[0]?.body).toEqual({
      name: 'SMTP novo',
      auth_type: 'smtp_account',
      workspace: 'w1',
      smtp_account: {
        host: 'smtp.exemplo.com.br',
        port: 587,
        username: 'ana',
        password: 's3nha',
        secure: false,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['JWT', 'Validade do token (segundos)', '3600'],
    ['Servidor FTP', 'Porta', '21'],
  ])('starts %s with its default %s', async (type, label, value) => {
    setup();
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    const dialog = await openNew(user);
    await chooseType(user, dialog, type);
    expect(
      within(dialog).getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`)),
    ).toHaveValue(value);
  });

  it('starts oauth2 with client_credentials and gpg checking the signature', async () => {
    setup();
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    const dialog = await openNew(user);
    await chooseType(user, dialog, 'OAuth2');
    expect(within(dialog).getByRole('combobox', { name: /^Tipo de concessão/ })).toHaveValue(
      'client_credentials',
    );
    expect(within(dialog).queryByLabelText(/^Token de renovação/)).toBeNull();
    await chooseType(user, dialog, 'GPG');
    expect(
      within(dialog).getByRole('switch', { name: 'Verificar a assinatura do servidor' }),
    ).toBeChecked();
  });

  it('binds a Bearer account to its URL and the listed domains, or lets it go anywhere', async () => {
    const api = setup([created()]);
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    const dialog = await openNew(user);
    await user.type(within(dialog).getByLabelText(/^Nome/), 'API de pedidos');
    await user.type(within(dialog).getByLabelText(/^Token/), 't0k3n');
    const allowed = within(dialog).getByRole('combobox', { name: /^Domínios permitidos/ });
    expect(allowed).toHaveValue('Domínios específicos');
    const domains = within(dialog).getByRole('textbox', { name: /^Domínios$/ });
    await user.type(within(dialog).getByLabelText(/^URL/), 'https://api.exemplo.com.br/v1');
    expect(within(dialog).getByText(/Já incluídos: api\.exemplo\.com\.br\.$/)).toBeInTheDocument();
    await user.type(domains, 'pagamentos.exemplo.com.br, *.erp.com.br');

    await user.click(allowed);
    await user.click(await screen.findByRole('option', { name: 'Todos os domínios' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Domínios$/ })).toBeNull();
    await user.click(allowed);
    await user.click(await screen.findByRole('option', { name: 'Domínios específicos' }));
    expect(within(dialog).getByRole('textbox', { name: /^Domínios$/ })).toHaveValue(
      'pagamentos.exemplo.com.br, *.erp.com.br',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Conta de serviço salva com sucesso');
    expect(api.callsTo('POST', '/api/v1/service-accounts')[0]?.body).toEqual({
      name: 'API de pedidos',
      auth_type: 'bearer_token',
      workspace: 'w1',
      bearer_token: {
        token: 't0k3n',
        url: 'https://api.exemplo.com.br/v1',
        allowed_domains: 'specific',
        domains: 'pagamentos.exemplo.com.br, *.erp.com.br',
      },
    });
  });

  it("shows the server's message on a 400 and the generic one otherwise", async () => {
    const message = 'O campo "Servidor (host)" é obrigatório.';
    let status = 400;
    setup([
      {
        method: 'POST',
        path: '/api/v1/service-accounts',
        reply: () => apiError(status, status === 400 ? message : 'Erro interno.'),
      },
    ]);
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    const dialog = await openNew(user);
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Sem host');
    await chooseType(user, dialog, 'Conta SMTP');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    status = 500;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Ocorreu um erro ao salvar a conta de serviço'),
    ).toBeInTheDocument();
  });

  it('keeps a saved secret unless it is replaced, and the type cannot change', async () => {
    const api = setup([
      { method: 'PUT', path: '/api/v1/service-accounts/sa1', reply: { body: smtp } },
    ]);
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    const table = await screen.findByRole('table', { name: 'Contas de serviço' });
    const row = within(table).getByRole('row', { name: /SMTP do financeiro/ });
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar conta de serviço' });
    expect(within(dialog).getByRole('combobox', { name: /^Tipo de autenticação/ })).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Servidor \(host\)/)).toHaveValue('smtp.exemplo.com.br');
    expect(within(dialog).getByLabelText(/^Porta/)).toHaveValue('465');
    const password = within(dialog).getByLabelText(/^Senha/);
    expect(password).toHaveValue('');
    expect(
      within(dialog).getByText('Valor salvo — deixe em branco para manter'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Conta de serviço salva com sucesso');
    const kept = api.callsTo('PUT', '/api/v1/service-accounts/sa1')[0]?.body as {
      smtp_account: Record<string, unknown>;
    };
    expect(kept.smtp_account).not.toHaveProperty('password');
    expect(kept.smtp_account).toMatchObject({ host: 'smtp.exemplo.com.br', secure: true });

    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const again = await screen.findByRole('dialog', { name: 'Editar conta de serviço' });
    await user.click(within(again).getByRole('button', { name: 'Substituir' }));
    await user.type(within(again).getByLabelText(/^Senha/), 'nova-senha');
    await user.click(within(again).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/service-accounts/sa1')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/v1/service-accounts/sa1')[1]?.body).toMatchObject({
      smtp_account: { password: 'nova-senha' },
    });
  });

  it('shows a new API token once, with a copy button', async () => {
    const token = 'pnt_AbCdEf0123456789';
    const api = setup([
      created({ ...account({ _id: 'sa5', name: 'Painel', auth_type: 'ponte_token' }), token }),
    ]);
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    const dialog = await openNew(user);
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Painel');
    await chooseType(user, dialog, 'Token da API do Ponte');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const shown = await screen.findByRole('dialog', { name: 'Token da API criado' });
    expect(shown).toHaveTextContent(token);
    expect(shown).toHaveTextContent('Copie o token agora: ele não será mostrado de novo.');
    expect(within(shown).getByRole('button', { name: 'Copiar token' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/service-accounts')[0]?.body).toEqual({
      name: 'Painel',
      auth_type: 'ponte_token',
      workspace: 'w1',
      ponte_token: {},
    });
  });

  it('asks before a changed form closes, keeps the typing on "Continuar editando"', async () => {
    const api = setup();
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    const dialog = await openNew(user);
    await user.type(within(dialog).getByLabelText(/^Nome/), 'SMTP novo');
    await chooseType(user, dialog, 'Conta SMTP');
    await user.type(within(dialog).getByLabelText(/^Senha/), 's3nha');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Sair do editor?' });
    await user.click(within(question).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sair do editor?' })).toBeNull(),
    );
    expect(within(dialog).getByLabelText(/^Senha/)).toHaveValue('s3nha');

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sair do editor?' })).getByRole('button', {
        name: 'Sair sem salvar',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/v1/service-accounts')).toHaveLength(0);
  });

  it('closes at once when nothing changed, even after a type was tried and put back', async () => {
    setup();
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    const dialog = await openNew(user);
    await chooseType(user, dialog, 'Conta SMTP');
    await chooseType(user, dialog, 'Bearer token');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says what a provider type without an OAuth app needs, and still offers it', async () => {
    const trelloReason =
      'Precisa de um app OAuth do Trello: ao escolher este tipo, o formulário mostra como criá-lo (ou defina PONTE_OAUTH_TRELLO_API_KEY no servidor do Ponte).';
    setup([
      {
        method: 'GET',
        path: '/api/v1/service-accounts/oauth2/providers',
        reply: {
          body: {
            providers: [
              { type: 'trello_oauth2', configured: false, reason: trelloReason },
              { type: 'slack_oauth2', configured: true, reason: null },
              { type: 'google_oauth2', configured: false, reason: 'Google' },
            ],
          },
        },
      },
    ]);
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    const dialog = await openNew(user);
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo de autenticação/ }));
    const trello = await screen.findByRole('option', { name: /Trello \(OAuth\)/ });
    // Choosing it shows the walkthrough that sets the app up (oauth-app-setup.test.tsx).
    expect(trello).not.toHaveAttribute('data-combobox-disabled');
    expect(trello).toHaveTextContent(trelloReason);
    expect(screen.getByRole('option', { name: 'Slack (OAuth2)' })).not.toHaveAttribute(
      'data-combobox-disabled',
    );
  });
});
