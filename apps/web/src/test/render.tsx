import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';

function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  return client;
}

function renderRoutes(routeObjects: RouteObject[], path: string) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** The whole app at `path`, with its real route table. */
export function renderApp(path: string) {
  return renderRoutes(routes, path);
}

/**
 * One element at `path` inside the providers. `extraRoutes` are other paths it may navigate
 * to; each renders a marker text 'Página {path}'.
 */
export function renderWithProviders(
  element: ReactElement,
  {
    path = '/',
    pattern = '*',
    extraPaths = [],
  }: { path?: string; pattern?: string; extraPaths?: string[] } = {},
) {
  return renderRoutes(
    [
      { path: pattern, element },
      ...extraPaths.map((extra) => ({ path: extra, element: <p>Página {extra}</p> })),
    ],
    path,
  );
}
