import { apiRequest } from '../../../lib/api/api-client';

/**
 * PUT /api/v1/service-accounts/{id}/oauth2/token: the decoded callback data, the state and
 * `grant_type: 'authorization_code'` (spec 2 §7 'Finalising').
 */
export function finishAuthorization(
  id: string,
  data: Record<string, unknown>,
  state: string,
): Promise<unknown> {
  return apiRequest(`/api/v1/service-accounts/${encodeURIComponent(id)}/oauth2/token`, {
    method: 'PUT',
    body: { ...data, state, grant_type: 'authorization_code' },
  });
}
