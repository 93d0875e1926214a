import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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

  it('starts from the query in the URL and can be cleared', async () => {
    const { user, router } = renderWithProviders(<SearchBox label="Buscar grupos" delay={10} />, {
      path: '/groups?query=rh&page=2',
    });
    expect(screen.getByRole('textbox', { name: 'Buscar grupos' })).toHaveValue('rh');
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
