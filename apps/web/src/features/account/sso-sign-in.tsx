import { Alert, Button, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ssoErrorCodes, ssoErrorMessage, type SsoErrorCode } from '@ponte/shared/messages-sso';
import type { SsoSignInOptions } from '@ponte/shared/sso.schema';

/** Why the last SSO sign-in failed (`?sso_erro=…&sso=…`), as the page says it; null when none. */
export function useSsoError(options: SsoSignInOptions | undefined): string | null {
  const [params] = useSearchParams();
  const code = params.get('sso_erro');
  if (!code || !(ssoErrorCodes as readonly string[]).includes(code)) return null;
  const slug = params.get('sso');
  const name = options?.providers.find((provider) => provider.slug === slug)?.name ?? null;
  return ssoErrorMessage(code as SsoErrorCode, name);
}

/** One 'Entrar com {provedor}' per enabled provider: the browser goes to the provider. */
export function SsoButtons({
  options,
  error,
}: {
  options: SsoSignInOptions | undefined;
  error: string | null;
}) {
  const providers = options?.providers ?? [];
  if (providers.length === 0 && !error) return null;
  return (
    <Stack gap="sm">
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      {providers.map((provider) => (
        <Button
          key={provider.slug}
          component="a"
          href={`/account/v1/sso/${encodeURIComponent(provider.slug)}/start`}
          variant="default"
          fullWidth
          leftSection={<IconKey size={16} />}
        >
          Entrar com {provider.name}
        </Button>
      ))}
    </Stack>
  );
}
