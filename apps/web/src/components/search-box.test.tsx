import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  it('writes the search to ?query= after a pause and goes back to page 1', async () => {
    const { user, router } = renderWithProviders(<SearchBox label="Buscar grupos" delay={50} />, {
      path: '/groups?page=3',
    });
    await user.type(screen.getByRole('textbox', { name: 'Buscar grupos' }), ' vendas ');
    await waitFor(() => expect(router.state.location.search).toBe('?query=vendas'));
  });

  it('keeps what the person types after a pause, the space included', async () => {
    const { user, router } = renderWithProviders(<SearchBox label="Buscar contas" delay={10} />, {
      path: '/service-accounts',
    });
    const box = screen.getByRole('textbox', { name: 'Buscar contas' });
    await user.type(box, 'são ');
    await waitFor(() => expect(router.state.location.search).toBe('?query=s%C3%A3o'));
    expect(box).toHaveValue('são ');
    await user.type(box, 'paulo');
    await waitFor(() => expect(router.state.location.search).toBe('?query=s%C3%A3o+paulo'));
    expect(box).toHaveValue('são paulo');
  });

  it('follows the URL when it changes by another way (back, a link)', async () => {
    const { user, router } = renderWithProviders(<SearchBox label="Buscar contas" delay={10} />, {
      path: '/service-accounts',
    });
    const box = screen.getByRole('textbox', { name: 'Buscar contas' });
    await user.type(box, 'pix');
    await waitFor(() => expect(router.state.location.search).toBe('?query=pix'));
    await act(() => router.navigate('/service-accounts?query=smtp'));
    expect(box).toHaveValue('smtp');
    await act(() => router.navigate('/service-accounts'));
    expect(box).toHaveValue('');
  });

  it('starts from the query in the URL and can be cleared', async () => {
    const { user, router } = renderWithProviders(<SearchBox label="Buscar grupos" delay={10} />, {
      path: '/groups?query=rh&page=2',
    });
    expect(screen.getByRole('textbox', { name: 'Buscar grupos' })).toHaveValue('rh');
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
