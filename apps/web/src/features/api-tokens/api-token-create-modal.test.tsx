import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ApiTokenCreated } from '@ponte/shared/api-tokens.schema';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import { ApiTokensPage } from './api-tokens-page';

const created: ApiTokenCreated = {
  _id: 't1',
  name: 'Claude Desktop',
  hint: 'ponte_AbCd…',
  created_by: { _id: 'u1', name: 'Ana' },
  created_at: '2026-01-15T12:00:00Z',
  last_used_at: null,
  expires_at: null,
  scopes: ['flows.read', 'records.write'],
  token: 'ponte_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg',
};
const { token, ...listed } = created;

describe('/api-tokens: creating a token', () => {
  it('shows the new token once, with a copy button, and never again', async () => {
    storeTestSession();
    let items: unknown[] = [];
    const api = mockFetch([
      { method: 'POST', path: '/api/v1/api-tokens', reply: { status: 201, body: created } },
      { method: 'GET', path: '/api/v1/api-tokens', reply: () => ({ body: { items } }) },
    ]);
    const { user } = renderWithProviders(<ApiTokensPage />, { path: '/api-tokens' });
    expect(await screen.findByText('Nenhum token criado ainda.')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Criar token' })[0]!);
    const form = await screen.findByRole('dialog', { name: 'Novo token de API' });
    await user.type(within(form).getByLabelText(/^Nome/), 'Claude Desktop');
    // Read and run flows are checked at first (what an MCP client needs).
    expect(within(form).getByRole('checkbox', { name: 'Ver flows' })).toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: 'Ver flows' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Executar e parar flows' }));
    await user.click(within(form).getByRole('button', { name: 'Criar token' }));
    expect(await within(form).findByText('Escolha pelo menos um escopo.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/api-tokens')).toEqual([]);
    await user.click(within(form).getByRole('checkbox', { name: 'Editar registros' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Ver flows' }));
    // No expiry: allowed, with a warning.
    expect(within(form).queryByText(/sem expiração vale até ser revogado/)).toBeNull();
    await user.click(within(form).getByRole('combobox', { name: 'Validade' }));
    await user.click(await screen.findByRole('option', { name: 'Sem expiração' }));
    expect(within(form).getByText(/sem expiração vale até ser revogado/)).toBeInTheDocument();
    items = [listed];
    await user.click(within(form).getByRole('button', { name: 'Criar token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token de API criado' });
    expect(within(shown).getByLabelText('Token')).toHaveTextContent(token);
    expect(within(shown).getByText(/não será mostrado de novo/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copiar token' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/api-tokens')[0]?.body).toEqual({
      name: 'Claude Desktop',
      expires_in_days: null,
      scopes: ['flows.read', 'records.write'],
    });

    await user.click(within(shown).getByRole('button', { name: 'Concluir' }));
    const table = await screen.findByRole('table', { name: 'Tokens de API' });
    expect(within(table).getByText('ponte_AbCd…')).toBeInTheDocument();
    expect(within(table).getByText('Ver flows, Editar registros')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(token);
  });
});
