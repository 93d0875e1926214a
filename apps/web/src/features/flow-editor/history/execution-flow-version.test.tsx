import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { apiError, mockFetch, type MockRoute } from '../../../test/mock-fetch';
import { ExecutionViewPage } from './execution-view-page';
import { currentFlow, executionRoutes, failedExecution } from './execution-view-fixtures';

const m = messages.versions;
const versionPath = '/api/v1/flows/f1/versions/2';

/** Version 2 as the history route answers it. */
const version2 = {
  number: 2,
  author: { id: 'u1', name: 'Ana Lima' },
  created_at: '2026-01-10T12:00:00Z',
  message: '',
  restored_from: null,
  document: {},
};

/**
 * The page of execution x1, which ran the flow's version `ran`; the flow is now at `current`
 * (a reply: the flow's answer); `versionReply` answers GET …/versions/2. Its data was not kept:
 * no canvas to draw.
 */
function open(
  ran: number | null,
  current: number | MockRoute['reply'],
  versionReply?: MockRoute['reply'],
) {
  const data = failedExecution({ kept: false, flow: null, nodes: [] });
  data.execution.flow_version = ran;
  const flow =
    typeof current === 'number' ? { body: { ...currentFlow, version: current } } : current;
  const api = mockFetch([
    { method: 'GET', path: '/api/v1/flows/f1', reply: flow },
    ...(versionReply ? [{ method: 'GET', path: versionPath, reply: versionReply }] : []),
    ...executionRoutes(data),
  ]);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const router = createMemoryRouter(
    [
      { path: '/flows/:flowId/execucoes/:executionId', element: <ExecutionViewPage /> },
      { path: '/flows/:flowId/versoes/:number', element: <p>Página da versão</p> },
      { path: '/flows/:flowId/versoes/:number/comparar', element: <p>Página da comparação</p> },
    ],
    { initialEntries: ['/flows/f1/execucoes/x1'] },
  );
  render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { api, router, user: userEvent.setup() };
}

/** The header once the execution and the flow loaded. */
async function header() {
  const bar = await screen.findByRole('banner');
  await within(bar).findByText('Pedidos');
  await waitFor(() => expect(within(bar).getByText('Erro')).toBeInTheDocument());
  return bar;
}

describe('the flow version a past execution ran', () => {
  it("links to the version it ran and to its comparison with the flow's current one", async () => {
    const { router, user } = open(2, 5, { body: version2 });
    const bar = await header();
    const version = await within(bar).findByRole('link', { name: 'Versão 2' });
    expect(version).toHaveAttribute('href', '/flows/f1/versoes/2');
    const compare = within(bar).getByRole('link', { name: 'Comparar com a atual' });
    expect(compare).toHaveAttribute('href', '/flows/f1/versoes/2/comparar');
    await user.click(compare);
    expect(router.state.location.pathname).toBe('/flows/f1/versoes/2/comparar');
    expect(await screen.findByText('Página da comparação')).toBeInTheDocument();
  });

  it('says the retention removed it instead of linking to it', async () => {
    const { api } = open(2, 5, apiError(404, m.notFound, 'not_found'));
    const bar = await header();
    expect(await within(bar).findByText(m.pruned)).toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: 'Versão 2' })).toBeNull();
    expect(within(bar).queryByRole('link', { name: m.compareWithCurrent })).toBeNull();
    expect(api.callsTo('GET', versionPath)).toHaveLength(1);
  });

  it('names the current version without asking for it, with nothing to compare', async () => {
    const { api } = open(5, 5);
    const bar = await header();
    const version = await within(bar).findByRole('link', { name: 'Versão 5' });
    expect(version).toHaveAttribute('href', '/flows/f1/versoes/5');
    expect(within(bar).getByText(m.current)).toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: m.compareWithCurrent })).toBeNull();
    expect(api.calls.filter((call) => call.path.includes('/versions'))).toHaveLength(0);
  });

  it('shows no version for an execution that ran before versions existed', async () => {
    const { api } = open(null, 5);
    const bar = await header();
    expect(within(bar).queryByTestId('execution-flow-version')).toBeNull();
    expect(within(bar).queryByText(/Versão/)).toBeNull();
    expect(api.calls.filter((call) => call.path.includes('/versions'))).toHaveLength(0);
  });

  it('shows no version once the flow was removed', async () => {
    const { api } = open(2, apiError(404, 'Flow não encontrado.', 'not_found'));
    expect(await screen.findByText('O flow desta execução não existe mais.')).toBeInTheDocument();
    expect(screen.queryByText(/Versão/)).toBeNull();
    expect(screen.queryByText(m.pruned)).toBeNull();
    expect(api.calls.filter((call) => call.path.includes('/versions'))).toHaveLength(0);
  });
});
