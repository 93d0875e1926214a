import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { keepEditing, leaveWithoutSaving } from '../../test/leave-question';
import { storeTestSession } from '../../test/session-fixtures';

function renderWithConfig(config: { docs_url: string | null; support_url: string | null }) {
  storeTestSession();
  mockFetch([
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
    { method: 'GET', path: '/account/v1/config', reply: { body: config } },
  ]);
  return renderApp('/groups/new');
}

describe('header', () => {
  it('opens documentation and support in a new tab', async () => {
    renderWithConfig({
      docs_url: 'https://docs.exemplo.com',
      support_url: 'https://ajuda.exemplo.com',
    });
    const docs = await screen.findByRole('link', { name: 'Documentação' });
    expect(docs).toHaveAttribute('href', 'https://docs.exemplo.com');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Suporte' })).toHaveAttribute(
      'href',
      'https://ajuda.exemplo.com',
    );
  });

  it('hides a link whose address is not configured', async () => {
    renderWithConfig({ docs_url: 'https://docs.exemplo.com', support_url: null });
    await screen.findByRole('link', { name: 'Documentação' });
    expect(screen.queryByRole('link', { name: 'Suporte' })).not.toBeInTheDocument();
  });

  it('goes back with the back button', async () => {
    const { user, router } = renderWithConfig({ docs_url: null, support_url: null });
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
  });

  it('shows the customer and e-mail in the user menu, with Meu perfil and Sair', async () => {
    const { user, router } = renderWithConfig({ docs_url: null, support_url: null });
    await user.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    expect(screen.getByText('Transportes Exemplo')).toBeInTheDocument();
    expect(screen.getByText('ana@exemplo.com.br')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Meu perfil' })).toHaveAttribute(
      'href',
      '/conta/perfil',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/entrar'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("asks before Sair drops an editor's unsaved changes", async () => {
    const { user, router } = renderWithConfig({ docs_url: null, support_url: null });
    await user.type(screen.getByLabelText(/Nome do grupo/), 'Financeiro');
    await user.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sair' }));
    await keepEditing(user);
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(screen.getByLabelText(/Nome do grupo/)).toHaveValue('Financeiro');

    await user.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sair' }));
    await leaveWithoutSaving(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/entrar'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
