import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { EmptyState } from './empty-state';
import { PaginatedTable, tableMinWidth } from './paginated-table';

const columns = [
  { key: 'name', header: 'Nome', render: (row: { id: string; name: string }) => row.name },
];

describe('PaginatedTable', () => {
  it('renders the rows and the pagination', () => {
    renderWithProviders(
      <PaginatedTable
        label="Grupos"
        columns={columns}
        rows={[
          { id: '1', name: 'Vendas' },
          { id: '2', name: 'Financeiro' },
        ]}
        rowKey={(row) => row.id}
        page={1}
        total={12}
        pageSize={10}
        onPageChange={vi.fn()}
      />,
    );
    const table = screen.getByRole('table', { name: 'Grupos' });
    expect(within(table).getByRole('columnheader', { name: 'Nome' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Total: 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2' })).toBeInTheDocument();
  });

  it('shows the empty state instead of an empty table', () => {
    renderWithProviders(
      <PaginatedTable
        label="Grupos"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        page={1}
        total={0}
        pageSize={10}
        onPageChange={vi.fn()}
        empty={<EmptyState title="Nenhum grupo criado ainda." />}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Nenhum grupo criado ainda.')).toBeInTheDocument();
  });

  it('keeps the table to its container: a fixed layout, scrolling only under the columns it needs', () => {
    renderWithProviders(
      <PaginatedTable
        label="Flows"
        columns={[...columns, { key: 'actions', header: 'Ações', width: 290, render: () => null }]}
        rows={[{ id: '1', name: `Fluxo${'x'.repeat(115)}` }]}
        rowKey={(row) => row.id}
        page={1}
        total={1}
        pageSize={10}
        onPageChange={vi.fn()}
        cards={false}
      />,
    );
    // Mantine writes the layout as a CSS variable of the table.
    expect(screen.getByRole('table', { name: 'Flows' }).getAttribute('style')).toContain(
      '--table-layout: fixed',
    );
    expect(tableMinWidth([{}, { width: 290 }])).toBe(640);
    expect(tableMinWidth([{}, {}, {}, { width: 170 }, { width: 170 }, { width: 290 }])).toBe(990);
  });

  it("writes a card's plain text value at the table's size, as the values given as Text", () => {
    renderWithProviders(
      <PaginatedTable
        label="Regras"
        columns={[
          ...columns,
          { key: 'days', header: 'Apagar depois de', render: () => '180 dias' },
        ]}
        rows={[{ id: '1', name: 'Clientes' }]}
        rowKey={(row) => row.id}
        page={1}
        total={1}
        pageSize={10}
        onPageChange={vi.fn()}
        cards
      />,
    );
    const card = within(screen.getByRole('list', { name: 'Regras' })).getByRole('listitem');
    // On a phone '180 dias' was larger than the values written with Text size="sm".
    expect(within(card).getByText('180 dias')).toHaveStyle({
      fontSize: 'var(--mantine-font-size-sm)',
    });
  });
});
