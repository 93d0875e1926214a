import { queryOptions, useQuery } from '@tanstack/react-query';
import type { accountApiOauthTypes } from '@ponte/shared/service-accounts.schema';
import {
  oauthProvidersSchema,
  type OauthProviders,
} from '@ponte/shared/service-accounts-oauth.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { serviceAccountsQueryKey } from '../../../lib/service-accounts/api/get-service-account-options';

type ProviderType = (typeof accountApiOauthTypes)[number];

/**
 * {type: reason} for the provider types the server cannot offer: the reason is the server's,
 * naming the variables the administrator sets and what the provider's app must list.
 */
export function unavailableProviders(answer: OauthProviders) {
  const unavailable: Partial<Record<ProviderType, string>> = {};
  for (const provider of answer.providers) {
    if (!provider.configured) unavailable[provider.type] = provider.reason ?? '';
  }
  return unavailable;
}

/**
 * GET /api/v1/service-accounts/oauth2/providers: which of trello/slack/google the server has a
 * client for. A server without the route (or any failure) offers all of them.
 */
export async function getUnavailableProviders(): Promise<Partial<Record<ProviderType, string>>> {
  try {
    const answer = await apiRequest('/api/v1/service-accounts/oauth2/providers', {
      schema: oauthProvidersSchema,
      silent: true,
    });
    return unavailableProviders(answer);
  } catch {
    return {};
  }
}

export function useUnavailableProviders() {
  const query = useQuery(
    queryOptions({
      queryKey: [...serviceAccountsQueryKey, 'oauth2-providers'],
      queryFn: getUnavailableProviders,
      staleTime: 60_000,
    }),
  );
  return query.data ?? {};
}
