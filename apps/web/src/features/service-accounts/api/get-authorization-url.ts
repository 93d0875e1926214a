import {
  accountApiOauthTypes,
  accountAuthorizeResponseSchema,
  authorizationUrlSchema,
} from '@ponte/shared/service-accounts.schema';
import type { ServiceAccountType } from '@ponte/shared/service-accounts.schema';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * Where the browser goes to authorise an account (spec 2 §7): trello, slack and google ask the
 * account API (`POST /account/v1/service-accounts/oauth2/authorize/{id}` → `authorize_url`),
 * the other OAuth2 types the workspace API (`GET …/{id}/oauth2/authorize/` → `authorization_url`).
 */
export async function getAuthorizationUrl(
  account: { _id: string; auth_type: ServiceAccountType },
  workspaceId: string | undefined,
): Promise<string> {
  const id = encodeURIComponent(account._id);
  if ((accountApiOauthTypes as readonly string[]).includes(account.auth_type)) {
    const answer = await apiRequest(`/account/v1/service-accounts/oauth2/authorize/${id}`, {
      method: 'POST',
      body: { service_account_id: account._id, workspace_id: workspaceId },
      schema: accountAuthorizeResponseSchema,
    });
    return answer.authorize_url;
  }
  const answer = await apiRequest(`/api/v1/service-accounts/${id}/oauth2/authorize/`, {
    schema: authorizationUrlSchema,
  });
  return answer.authorization_url;
}
