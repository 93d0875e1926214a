import { mockFetch } from './mock-fetch';
import type { MockRoute } from './mock-fetch';
import { storeTestSession } from './session-fixtures';

/** A list endpoint's answer: `{items, total}` (the total defaults to the items' count). */
export const listOf = (items: unknown[], total = items.length) => ({
  body: { items, total },
});

/**
 * A signed-in session and the calls every workspace page makes: `extra` (the test's own) first,
 * then `feature` (the feature's usual answers), then the header's group lookup (one group,
 * 'Vendas') and the account config.
 */
export function setupWorkspacePage(extra: MockRoute[], feature: MockRoute[]) {
  storeTestSession();
  return mockFetch([
    ...extra,
    ...feature,
    {
      method: 'GET',
      path: '/api/v1/groups',
      reply: listOf([{ _id: 'g1', name: 'Vendas', created_at: '', updated_at: '' }]),
    },
    {
      method: 'GET',
      path: '/account/v1/config',
      reply: { body: { docs_url: null, support_url: null } },
    },
  ]);
}
