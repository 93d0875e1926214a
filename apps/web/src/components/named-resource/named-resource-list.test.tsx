import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiError } from '../../lib/api/api-error';
import { renderWithProviders } from '../../test/render';
import { NamedResourceList } from './named-resource-list';

interface Row {
  _id: string;
  name: string;
}

const list = {
  isPending: false,
  page: 1,
  pageSize: 10,
  setPage: () => undefined,
  filtered: false,
};

const base = {
  searchLabel: 'Buscar itens',
  label: 'Itens',
  columns: [{ key: 'name', header: 'Nome', render: (row: Row) => row.name }],
  notFound: 'Nenhum item encontrado para esta busca.',
  empty: { title: 'Nenhum item criado ainda.', description: 'Crie o primeiro.', action: null },
};

describe('NamedResourceList', () => {
  it('shows the rows of the page under the search', () => {
    renderWithProviders(
      <NamedResourceList
        {...base}
        list={{ ...list, data: { items: [{ _id: 'v1', name: 'Vendas' }], total: 1 }, error: null }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Buscar itens' })).toBeInTheDocument();
    expect(screen.getByText('Vendas')).toBeInTheDocument();
  });

  it('shows the error of the list instead of the table', () => {
    renderWithProviders(
      <NamedResourceList
        {...base}
        list={{
          ...list,
          data: undefined as { items: Row[]; total: number } | undefined,
          error: new ApiError(500, 'Falha ao listar.', 'internal'),
        }}
      />,
    );
    expect(screen.getByText('Falha ao listar.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
