import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { NamedResourceDeletePage } from './named-resource-delete-page';

const removed: string[] = [];
const useItem = (id: string) => ({
  data: id === 't7' ? { name: 'Clientes' } : undefined,
  isPending: false,
  error: null,
});
const useRemove = () => ({
  mutateAsync: (id: string) => {
    removed.push(id);
    return Promise.resolve();
  },
});

describe('NamedResourceDeletePage', () => {
  it('loads the item of the route parameter and removes it once its name is typed', async () => {
    const { user } = renderWithProviders(
      <NamedResourceDeletePage
        param="tableId"
        useItem={useItem}
        useRemove={useRemove}
        title="Remover tabela"
        itemLabel="tabela"
        confirmLabel="Remover a tabela"
        backTo="/database/tables"
        mismatchMessage="O nome não confere."
        successMessage="Tabela removida."
        errorPrefix="Erro:"
      />,
      {
        path: '/database/tables/delete/t7',
        pattern: '/database/tables/delete/:tableId',
        extraPaths: ['/database/tables'],
      },
    );
    expect(screen.getByText('Clientes')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Digite o nome para confirmar'), 'Clientes');
    await user.click(screen.getByRole('button', { name: 'Remover a tabela' }));
    expect(await screen.findByText('Página /database/tables')).toBeInTheDocument();
    expect(removed).toEqual(['t7']);
  });
});
