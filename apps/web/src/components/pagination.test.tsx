import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('shows numbered pages when there are 5 or fewer', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <Pagination page={1} total={45} pageSize={10} onChange={onChange} />,
    );
    for (const page of ['1', '2', '3', '4', '5']) {
      expect(screen.getByRole('button', { name: page })).toBeInTheDocument();
    }
    expect(screen.queryByRole('textbox', { name: 'Página' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('asks for the page number when there are more than 5 pages, clamped to the last', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <Pagination page={2} total={61} pageSize={10} onChange={onChange} />,
    );
    expect(screen.queryByRole('button', { name: '3' })).not.toBeInTheDocument();
    expect(screen.getByText('de 7')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Página' });
    expect(input).toHaveValue('2');

    await user.clear(input);
    await user.type(input, '99{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(7);

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('shows the capped total 10000 as +10000', () => {
    renderWithProviders(<Pagination page={1} total={10_000} pageSize={20} onChange={vi.fn()} />);
    expect(screen.getByText('Total: +10000')).toBeInTheDocument();
  });

  it('shows a smaller total as it is', () => {
    renderWithProviders(<Pagination page={1} total={9_999} pageSize={20} onChange={vi.fn()} />);
    expect(screen.getByText('Total: 9999')).toBeInTheDocument();
  });

  it('clamps a page beyond the end to the last page', () => {
    renderWithProviders(<Pagination page={40} total={30} pageSize={10} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: '3' })).toHaveAttribute('data-active', 'true');
  });
});
