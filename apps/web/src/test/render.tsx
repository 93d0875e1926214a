import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';

/**
 * The route table with every lazy page but the flow editor's (Monaco) already loaded, as when
 * it imported them all: a test sees its page on the first render, as before ADR 0062.
 */
async function loaded(routeObjects: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    routeObjects.map(async (route) => {
      const children = route.children ? await loaded(route.children) : undefined;
      const eager =
        typeof route.lazy === 'function' && !/^flows\/(new|:id)$/.test(route.path ?? '');
      if (!eager) return { ...route, ...(children ? { children } : {}) } as RouteObject;
      const { lazy, ...rest } = route;
      const page = (await (lazy as () => Promise<Partial<RouteObject>>)()) as object;
      return { ...rest, ...page, ...(children ? { children } : {}) } as RouteObject;
    }),
  );
}

const loadedRoutes = await loaded(routes);

function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  return client;
}

/** A route table of the test's own at `path`, inside the providers. */
export function renderRoutes(routeObjects: RouteObject[], path: string) {
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
  return renderRoutes(loadedRoutes, path);
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
