import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession, testWorkspace } from '../../test/session-fixtures';
import { GroupSelector } from './group-selector';

const longName = 'Integrações com fornecedores de logística';

function mockGroups() {
  return mockFetch([
    {
      method: 'GET',
      path: '/api/v1/groups',
      reply: {
        body: {
          items: [
            { _id: 'g1', name: 'Vendas', created_at: '', updated_at: '' },
            { _id: 'g2', name: longName, created_at: '', updated_at: '' },
          ],
          total: 2,
        },
      },
    },
  ]);
}

describe('group selector', () => {
  it('asks the first 100 groups and offers all groups, then each name cut at 30', async () => {
    const api = mockGroups();
    const { user } = renderWithProviders(<GroupSelector />);
    const select = screen.getByRole('combobox', { name: 'Grupo selecionado' });
    expect(select).toHaveValue('Todos os grupos');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.url.search).toBe('?page=1&limit=100');

    await user.click(select);
    expect(await screen.findByRole('option', { name: 'Vendas' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: `${longName.slice(0, 30)}...` })).toBeInTheDocument();
  });

  it("says 'Todos os seus grupos' to a member limited to some groups (docs/adr/0109)", () => {
    mockGroups();
    storeTestSession({ workspace: { ...testWorkspace, role: 'editor', groups: ['g1'] } });
    renderWithProviders(<GroupSelector />);
    expect(screen.getByRole('combobox', { name: 'Grupo selecionado' })).toHaveValue(
      'Todos os seus grupos',
    );
  });

  it('keeps the choice in localStorage selectedGroup', async () => {
    mockGroups();
    const { user } = renderWithProviders(<GroupSelector />);
    await user.click(screen.getByRole('combobox', { name: 'Grupo selecionado' }));
    await user.click(await screen.findByRole('option', { name: 'Vendas' }));
    expect(localStorage.getItem('selectedGroup')).toBe('g1');
    expect(screen.getByRole('combobox', { name: 'Grupo selecionado' })).toHaveValue('Vendas');

    await user.click(screen.getByRole('combobox', { name: 'Grupo selecionado' }));
    await user.click(await screen.findByRole('option', { name: 'Todos os grupos' }));
    expect(localStorage.getItem('selectedGroup')).toBe('');
  });

  it('shows a stored group that still exists', async () => {
    localStorage.setItem('selectedGroup', 'g1');
    mockGroups();
    renderWithProviders(<GroupSelector />);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Grupo selecionado' })).toHaveValue('Vendas'),
    );
    expect(localStorage.getItem('selectedGroup')).toBe('g1');
  });

  it('empties a stored group that is not in the loaded list', async () => {
    localStorage.setItem('selectedGroup', 'removido');
    mockGroups();
    renderWithProviders(<GroupSelector />);
    await waitFor(() => expect(localStorage.getItem('selectedGroup')).toBe(''));
    expect(screen.getByRole('combobox', { name: 'Grupo selecionado' })).toHaveValue(
      'Todos os grupos',
    );
  });
});
