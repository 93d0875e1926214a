import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { useClampedPage, useListParams } from './use-list-params';

/** A list of 35 items, 10 a page, that shows the page it is on. */
function List() {
  const params = useListParams();
  useClampedPage(35, 10, params);
  return <p>Página {params.page}</p>;
}

describe('list page in the address', () => {
  it('rewrites a page past the end to the last one', async () => {
    const { router } = renderWithProviders(<List />, { path: '/flows?page=99&query=pedido' });
    await waitFor(() => expect(router.state.location.search).toBe('?page=4&query=pedido'));
    expect(screen.getByText('Página 4')).toBeInTheDocument();
  });

  it.each(['-3', '0', 'abc', '2.5', '02'])(
    'rewrites ?page=%s the same way, to the page it shows',
    async (written) => {
      const { router } = renderWithProviders(<List />, { path: `/flows?page=${written}` });
      const shown = written === '2.5' || written === '02' ? 2 : 1;
      await waitFor(() =>
        expect(router.state.location.search).toBe(shown === 1 ? '' : `?page=${shown}`),
      );
      expect(screen.getByText(`Página ${shown}`)).toBeInTheDocument();
    },
  );

  it('leaves a page that exists as written', async () => {
    const { router } = renderWithProviders(<List />, { path: '/flows?page=3' });
    expect(await screen.findByText('Página 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
  });
});
