import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../lib/api/api-error';
import { renderWithProviders } from '../test/render';
import { DeleteByNamePage } from './delete-by-name-page';

function renderPage(onDelete: () => Promise<unknown>) {
  return renderWithProviders(
    <DeleteByNamePage
      title="Remover grupo"
      itemLabel="grupo"
      itemName="Vendas"
      backTo="/groups"
      mismatchMessage="O nome do grupo não confere com o nome digitado!"
      successMessage="O grupo foi removida com sucesso!"
      errorPrefix="Erro ao remover o grupo:"
      onDelete={onDelete}
    />,
    { path: '/groups/delete/g1', extraPaths: ['/groups'] },
  );
}

describe('DeleteByNamePage', () => {
  it('says the action cannot be undone and offers both buttons', () => {
    renderPage(vi.fn());
    expect(screen.getByRole('heading', { name: 'Remover grupo' })).toBeInTheDocument();
    expect(screen.getByText(/Esta ação não pode ser desfeita/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar e voltar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover o grupo' })).toBeInTheDocument();
  });

  it('warns on a different name and deletes nothing', async () => {
    const onDelete = vi.fn();
    const { user } = renderPage(onDelete);
    await user.type(screen.getByLabelText('Digite o nome para confirmar'), 'Venda');
    await user.click(screen.getByRole('button', { name: 'Remover o grupo' }));
    expect(
      await screen.findByText('O nome do grupo não confere com o nome digitado!'),
    ).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('deletes on the exact name, confirms and goes back to the list', async () => {
    const onDelete = vi.fn().mockResolvedValue(undefined);
    const { user, router } = renderPage(onDelete);
    await user.type(screen.getByLabelText('Digite o nome para confirmar'), 'Vendas');
    await user.click(screen.getByRole('button', { name: 'Remover o grupo' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('O grupo foi removida com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'));
  });

  it('shows the error prefix and the server message when the removal fails', async () => {
    const onDelete = vi.fn().mockRejectedValue(new ApiError(404, 'Grupo não encontrado.'));
    const { user, router } = renderPage(onDelete);
    await user.type(screen.getByLabelText('Digite o nome para confirmar'), 'Vendas');
    await user.click(screen.getByRole('button', { name: 'Remover o grupo' }));
    expect(
      await screen.findByText('Erro ao remover o grupo: Grupo não encontrado.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups/delete/g1');
  });

  it('goes back without deleting on Cancelar e voltar', async () => {
    const onDelete = vi.fn();
    const { user, router } = renderPage(onDelete);
    await user.click(screen.getByRole('button', { name: 'Cancelar e voltar' }));
    expect(router.state.location.pathname).toBe('/groups');
    expect(onDelete).not.toHaveBeenCalled();
  });
});
