import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OauthApp } from '@ponte/shared/oauth-apps.schema';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import { ServiceAccountsPage } from './service-accounts-page';
import { listReply, smtp } from './test-fixtures';

const redirect = 'https://ponte.exemplo.com.br/account/v1/service-accounts/oauth2/return';

function setup() {
  storeTestSession();
  let app: OauthApp = {
    provider: 'slack',
    client_id: null,
    secret_set: false,
    updated_at: null,
    environment_client: false,
    redirect_url: redirect,
    allowed_origin: 'https://ponte.exemplo.com.br',
  };
  return mockFetch([
    { method: 'GET', path: '/api/v1/service-accounts', reply: listReply([smtp]) },
    {
      method: 'GET',
      path: '/api/v1/service-accounts/oauth2/providers',
      reply: () => ({
        body: {
          providers: [
            { type: 'trello_oauth2', configured: false, reason: 'Trello' },
            { type: 'slack_oauth2', configured: app.client_id !== null, reason: 'Slack' },
            { type: 'google_oauth2', configured: false, reason: 'Google' },
          ],
        },
      }),
    },
    {
      method: 'GET',
      path: '/api/v1/service-accounts/oauth2/apps/slack',
      reply: () => ({ body: app }),
    },
    {
      method: 'PUT',
      path: '/api/v1/service-accounts/oauth2/apps/slack',
      reply: (call) => {
        const body = call.body as { client_id: string };
        app = {
          ...app,
          client_id: body.client_id,
          secret_set: true,
          updated_at: '2026-11-29T03:00:00Z',
        };
        return { body: app };
      },
    },
  ]);
}

describe('the OAuth app walkthrough of the account form', () => {
  it('walks through creating the Slack app, saves it, and then shows which app is used', async () => {
    const api = setup();
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    await screen.findByRole('table', { name: 'Contas de serviço' });
    await user.click(screen.getByRole('button', { name: 'Criar conta de serviço' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova conta de serviço' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo de autenticação/ }));
    const option = await screen.findByRole('option', { name: /Slack \(OAuth2\)/ });
    expect(option).not.toHaveAttribute('data-combobox-disabled');
    await user.click(option);

    const guide = await within(dialog).findByRole('region', { name: 'Configurar app do Slack' });
    expect(within(guide).getByRole('link', { name: 'api.slack.com/apps' })).toHaveAttribute(
      'href',
      'https://api.slack.com/apps',
    );
    expect(guide).toHaveTextContent('"Redirect URLs"');
    expect(guide).toHaveTextContent(
      'chat:write, files:write, channels:read, groups:read, users:read, channels:history, groups:history, app_mentions:read e reactions:read',
    );
    expect(within(guide).getByText(redirect)).toBeInTheDocument();
    expect(
      within(guide).getByRole('button', { name: 'Copiar url de redirecionamento' }),
    ).toBeInTheDocument();

    await user.type(within(guide).getByLabelText(/^Client ID/), '123.456');
    await user.click(within(guide).getByRole('button', { name: 'Salvar app do Slack' }));
    expect(await within(guide).findByText('Informe o client secret.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/v1/service-accounts/oauth2/apps/slack')).toHaveLength(0);
    await user.type(within(guide).getByLabelText(/^Client secret/), 'segredo-slack');
    await user.click(within(guide).getByRole('button', { name: 'Salvar app do Slack' }));

    expect(
      await screen.findByText(
        'App OAuth do Slack salvo. Salve a conta e use "Autorizar conta" na lista.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/v1/service-accounts/oauth2/apps/slack')[0]?.body).toEqual({
      client_id: '123.456',
      client_secret: 'segredo-slack',
    });
    await waitFor(() =>
      expect(within(dialog).queryByRole('region', { name: 'Configurar app do Slack' })).toBeNull(),
    );
    expect(await within(dialog).findByText('123.456')).toBeInTheDocument();
    expect(within(dialog).getByText(/segredo definido/)).toBeInTheDocument();

    // A configured app can be changed: the same form, the secret kept unless typed again.
    await user.click(within(dialog).getByRole('button', { name: 'Alterar app' }));
    const again = await within(dialog).findByRole('region', { name: 'Configurar app do Slack' });
    expect(within(again).getByLabelText(/^Client ID/)).toHaveValue('123.456');
    expect(within(again).getByLabelText(/^Client secret/)).toHaveAttribute(
      'placeholder',
      'Definido (deixe em branco para manter)',
    );
  });
});
