import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { signInAs } from '../../test/role-fixtures';
import { ApiTokensPage } from './api-tokens-page';

describe('/api-tokens by role (docs/adr/0106)', () => {
  it('shows an Editor the reason and never asks for the tokens', async () => {
    signInAs('editor');
    const api = mockFetch([
      { method: 'GET', path: '/api/v1/api-tokens', reply: () => ({ body: { items: [] } }) },
    ]);
    renderWithProviders(<ApiTokensPage />, { path: '/api-tokens' });
    expect(
      await screen.findByText('Seu papel (Editor) não permite gerenciar tokens de API.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar token' })).not.toBeInTheDocument();
    // Long enough for a query to have been sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET', '/api/v1/api-tokens')).toHaveLength(0);
  });
});
