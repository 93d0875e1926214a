import { vi } from 'vitest';
import type { StorageItem } from '@ponte/shared/storage.schema';
import { mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { storeTestSession } from '../../test/session-fixtures';

export { catchDownloads } from '../../test/catch-downloads';

export const folder = (path: string): StorageItem => ({
  name: path.split('/').pop() ?? '',
  path,
  size: 0,
  isFolder: true,
});

export const file = (path: string, size: number): StorageItem => ({
  name: path.split('/').pop() ?? '',
  path,
  size,
  isFolder: false,
});

/** A signed-in session, the calls every page makes, plus `extra` first. */
export function setup(extra: MockRoute[] = []) {
  storeTestSession();
  return mockFetch([
    ...extra,
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
    {
      method: 'GET',
      path: '/account/v1/config',
      reply: { body: { docs_url: null, support_url: null } },
    },
  ]);
}

/**
 * Answers GET /api/v1/storage/download with `bytes` as a file named `name` (the canned fetch
 * table only answers JSON); every other call goes to `api`.
 */
export function serveDownload(api: ReturnType<typeof setup>, name: string, bytes: string) {
  const json = api.fetch;
  const calls: { url: URL; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/v1/storage/download') return json(input, init);
    calls.push({ url, headers: { ...(init?.headers as Record<string, string>) } });
    return new Response(bytes, {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });
  });
  return calls;
}
