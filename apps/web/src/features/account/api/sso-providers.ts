import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ssoProviderListSchema,
  ssoProviderSchema,
  ssoSettingsSchema,
  type SsoProviderBody,
  type SsoProviderInput,
  type SsoSettingsBody,
} from '@ponte/shared/sso.schema';
import { apiRequest } from '../../../lib/api/api-client';

export const ssoProvidersKey = ['sso', 'providers'] as const;

/** GET /api/v1/sso/providers: the instance's providers (never their secret) and the setting. */
export function useSsoProviders(enabled = true) {
  return useQuery({
    queryKey: ssoProvidersKey,
    enabled,
    queryFn: () => apiRequest('/api/v1/sso/providers', { schema: ssoProviderListSchema }),
  });
}

/** POST /api/v1/sso/providers, or PUT /api/v1/sso/providers/{id} with `id`. */
export function useSaveSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SsoProviderBody | SsoProviderInput }) =>
      apiRequest(id ? `/api/v1/sso/providers/${id}` : '/api/v1/sso/providers', {
        method: id ? 'PUT' : 'POST',
        body,
        schema: ssoProviderSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoProvidersKey }),
  });
}

/** DELETE /api/v1/sso/providers/{id} */
export function useRemoveSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/v1/sso/providers/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoProvidersKey }),
  });
}

/** PUT /api/v1/sso/settings: password sign-in disabled or not. */
export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsBody) =>
      apiRequest('/api/v1/sso/settings', { method: 'PUT', body, schema: ssoSettingsSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoProvidersKey }),
  });
}
