import { queryOptions, useQuery } from '@tanstack/react-query';
import { ssoSignInOptionsSchema, type SsoSignInOptions } from '@ponte/shared/sso.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /account/v1/sso/providers: the sign-in page's providers and whether passwords count. */
export function getSsoOptions(): Promise<SsoSignInOptions> {
  return apiRequest('/account/v1/sso/providers', {
    schema: ssoSignInOptionsSchema,
    keepSessionOnAuthError: true,
    silent: true,
  });
}

export function useSsoOptions() {
  return useQuery(
    queryOptions({ queryKey: ['account', 'sso-options'], queryFn: getSsoOptions, retry: false }),
  );
}
