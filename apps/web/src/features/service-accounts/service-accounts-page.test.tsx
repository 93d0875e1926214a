import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import type { ListedAccount } from './api/get-service-accounts';
import { leaveTo } from './leave-to';
import { ServiceAccountsPage } from './service-accounts-page';
import { bling, listReply, slack, smtp } from './test-fixtures';
import { expectDenied, signInAs } from '../../test/role-fixtures';

vi.mock('./leave-to', () => ({ leaveTo: vi.fn() }));

afterEach(() => vi.mocked(leaveTo).mockReset());

function setup(routes: MockRoute[] = [], items: ListedAccount[] = [smtp, bling, slack]) {
  storeTestSession();
  return mockFetch([
    ...routes,
    { method: 'GET', path: '/api/v1/service-accounts', reply: listReply(items) },
  ]);
}

const render = (path = '/service-accounts') =>
  renderWithProviders(<ServiceAccountsPage />, { path });

async function row(name: string) {
  const table = await screen.findByRole('table', { name: 'Contas de serviço' });
  return within(table).getByRole('row', { name: new RegExp(name) });
}

describe('/service-accounts', () => {
  it('lists name, type, state, last check and flows, asking limit=1000', async () => {
    const api = setup();
    render();
    const table = await screen.findByRole('table', { name: 'Contas de serviço' });
    expect(api.calls[0]?.url.search).toBe('?limit=1000');
    for (const header of ['Nome', 'Tipo', 'Estado', 'Último teste', 'Flows', 'Ações']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const first = await row('SMTP do financeiro');
    expect(first).toHaveTextContent('Conta SMTP');
    expect(first).toHaveTextContent('Conectada');
    expect(first).toHaveTextContent('15/01/2026 09:34:56');
    expect(within(first).getByRole('cell', { name: '2' })).toBeInTheDocument();
    const never = await row('Bling da loja');
    expect(never).toHaveTextContent('Não testada');
    expect(never).toHaveTextContent('Nunca');
    expect(await row('Slack do suporte')).toHaveTextContent('Reautorização necessária');
  });

  it('offers authorisation to OAuth2 types only, by the stored access token', async () => {
    setup();
    render();
    expect(
      within(await row('Bling da loja')).getByRole('button', { name: 'Autorizar conta' }),
    ).toBeInTheDocument();
    expect(
      within(await row('Slack do suporte')).getByRole('button', { name: 'Reautorizar conta' }),
    ).toBeInTheDocument();
    const mail = await row('SMTP do financeiro');
    expect(within(mail).queryByRole('button', { name: /utorizar conta/ })).toBeNull();
  });

  it('invites to create the first account, and says when a search finds none', async () => {
    setup([], []);
    const first = render();
    expect(await screen.findByText('Nenhuma conta de serviço criada ainda.')).toBeInTheDocument();
    first.unmount();
    setup();
    render('/service-accounts?query=inexistente');
    expect(
      await screen.findByText('Nenhuma conta de serviço encontrada para esta busca.'),
    ).toBeInTheDocument();
  });

  it('filters by name or type as the person types', async () => {
    setup();
    const { user } = render();
    await row('Bling da loja');
    await user.click(screen.getByRole('textbox', { name: 'Buscar contas de serviço' }));
    await user.paste('smtp');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Bling da loja/ })).toBeNull());
    expect(screen.getByRole('row', { name: /SMTP do financeiro/ })).toBeInTheDocument();
  });

  it("tests a connection, shows the server's answer and reloads the list", async () => {
    const api = setup([
      {
        method: 'POST',
        path: '/api/v1/service-accounts/sa1/test',
        reply: {
          body: {
            status: 'failed',
            message: 'Senha recusada pelo servidor SMTP.',
            checked_at: '2026-01-15T13:00:00Z',
          },
        },
      },
    ]);
    const { user } = render();
    await user.click(
      within(await row('SMTP do financeiro')).getByRole('button', { name: 'Testar conexão' }),
    );
    expect(await screen.findByText('Senha recusada pelo servidor SMTP.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/service-accounts')).toHaveLength(2));
  });

  it('disables the test of a type the server cannot test, saying why', async () => {
    setup();
    const { user } = render();
    const button = within(await row('Slack do suporte')).getByRole('button', {
      name: 'Testar conexão',
    });
    expect(button).toBeDisabled();
    await user.hover(button.parentElement as HTMLElement);
    expect(
      await screen.findByText('Teste de conexão indisponível para este tipo de conta.'),
    ).toBeInTheDocument();
  });

  it('authorises an oauth2 account at the URL the workspace API gives', async () => {
    const url = 'https://www.bling.com.br/Api/v3/oauth/authorize?state=sa2_x';
    const api = setup([
      {
        method: 'GET',
        path: '/api/v1/service-accounts/sa2/oauth2/authorize/',
        reply: { body: { authorization_url: url } },
      },
    ]);
    const { user } = render();
    await user.click(
      within(await row('Bling da loja')).getByRole('button', { name: 'Autorizar conta' }),
    );
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(url));
    expect(api.callsTo('GET', '/api/v1/service-accounts/sa2/oauth2/authorize/')).toHaveLength(1);
  });

  it('authorises a slack account through the account API', async () => {
    const url = 'https://slack.com/oauth/v2/authorize?state=sa3_y';
    const api = setup([
      {
        method: 'POST',
        path: '/account/v1/service-accounts/oauth2/authorize/sa3',
        reply: { body: { authorize_url: url } },
      },
    ]);
    const { user } = render();
    await user.click(
      within(await row('Slack do suporte')).getByRole('button', { name: 'Reautorizar conta' }),
    );
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(url));
    expect(
      api.callsTo('POST', '/account/v1/service-accounts/oauth2/authorize/sa3')[0]?.body,
    ).toEqual({
      service_account_id: 'sa3',
      workspace_id: 'w1',
    });
  });

  it('says when the authorisation cannot start', async () => {
    setup([
      {
        method: 'GET',
        path: '/api/v1/service-accounts/sa2/oauth2/authorize/',
        reply: apiError(400, 'Informe a URL de autorização.'),
      },
    ]);
    const { user } = render();
    await user.click(
      within(await row('Bling da loja')).getByRole('button', { name: 'Autorizar conta' }),
    );
    expect(
      await screen.findByText('Ocorreu um erro ao autorizar a conta de serviço'),
    ).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('lets an Editor see the accounts but not create, test, authorize, edit or remove one', async () => {
    setup();
    signInAs('editor');
    const { user } = render();
    await expectDenied(
      user,
      await screen.findByRole('button', { name: 'Criar conta de serviço' }),
      'editor',
      'serviceAccounts.write',
    );
    const first = await row('SMTP do financeiro');
    for (const name of ['Testar conexão', 'Editar', 'Remover'])
      await expectDenied(
        user,
        within(first).getByRole('button', { name }),
        'editor',
        'serviceAccounts.write',
      );
    const slackRow = await row('Slack do suporte');
    await expectDenied(
      user,
      within(slackRow).getByRole('button', { name: /autorizar conta/i }),
      'editor',
      'serviceAccounts.write',
    );
    await user.click(within(first).getByRole('button', { name: 'Editar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
