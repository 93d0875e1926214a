import type { Requester } from './test-app';

/** The callback's `data`: base64url of JSON, as the return route packs it. */
export const decodeCallbackData = (data: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Record<string, unknown>;

/**
 * What the /oauth2/callback page does with the address it lands on: the decoded data, the
 * state and `grant_type: 'authorization_code'` sent to the account's token route.
 */
export function finishFromCallback(api: Requester, id: string, callback: URL) {
  return api.put(`/api/v1/service-accounts/${id}/oauth2/token`, {
    ...decodeCallbackData(callback.searchParams.get('data')!),
    state: callback.searchParams.get('state'),
    grant_type: 'authorization_code',
  });
}
