import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  oauthAppSchema,
  type OauthApp,
  type OauthAppInput,
  type OauthAppProvider,
} from '@ponte/shared/oauth-apps.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { serviceAccountsQueryKey } from '../../../lib/service-accounts/api/get-service-account-options';

const path = (provider: OauthAppProvider) =>
  `/api/v1/service-accounts/oauth2/apps/${encodeURIComponent(provider)}`;

/** GET …/oauth2/apps/{provider}: the workspace's app (never its secret) and the URL to register. */
export function getOauthApp(provider: OauthAppProvider): Promise<OauthApp> {
  return apiRequest(path(provider), { schema: oauthAppSchema, silent: true });
}

export function useOauthApp(provider: OauthAppProvider) {
  return useQuery(
    queryOptions({
      queryKey: [...serviceAccountsQueryKey, 'oauth2-apps', provider],
      queryFn: () => getOauthApp(provider),
    }),
  );
}

/** PUT …/oauth2/apps/{provider}; the providers list and the app are read again after. */
export function useSaveOauthApp(provider: OauthAppProvider) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OauthAppInput) =>
      apiRequest(path(provider), { method: 'PUT', body, schema: oauthAppSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceAccountsQueryKey }),
  });
}
