import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { renderWithProviders } from '../../test/render';
import { useNamedResourceList } from './use-named-resource-list';
import type { NamedResourceListParams } from './use-named-resource-list';

type Params = NamedResourceListParams & { status: string };
const asked: Params[] = [];

/** A list endpoint's hook that answers 25 items whatever it is asked. */
function useFakeList(params: Params) {
  asked.push(params);
  return {
    data: { items: [], total: 25 },
    isPending: false,
    isError: false,
    error: null,
  } as unknown as UseQueryResult<{ items: never[]; total: number }>;
}

function Probe() {
  const list = useNamedResourceList(useFakeList, 10, { status: 'enabled' });
  return (
    <p>
      página {list.page}, busca '{list.query}', grupo '{list.group}',{' '}
      {list.filtered ? 'filtrada' : 'inteira'}
    </p>
  );
}

afterEach(() => {
  asked.length = 0;
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('useNamedResourceList', () => {
  it('asks for the page, the search and the header group of the URL, with the extra filter', () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    renderWithProviders(<Probe />, { path: '/x?page=2&query=cli' });
    expect(screen.getByText("página 2, busca 'cli', grupo 'g1', filtrada")).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ page: 2, query: 'cli', group: 'g1', status: 'enabled' });
  });

  it('is the whole list with no search and no group', () => {
    renderWithProviders(<Probe />, { path: '/x' });
    expect(screen.getByText("página 1, busca '', grupo '', inteira")).toBeInTheDocument();
  });

  it('brings a page past the end back to the last one', async () => {
    const { router } = renderWithProviders(<Probe />, { path: '/x?page=9' });
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(screen.getByText(/página 3/)).toBeInTheDocument();
  });
});
