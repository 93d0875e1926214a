import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { errorMessage, isApiError } from '../../lib/api/api-error';
import { serviceAccountsQueryKey } from '../../lib/service-accounts/api/get-service-account-options';
import { toast } from '../../lib/toasts';
import { finishAuthorization } from './api/finish-authorization';
import { readCallback } from './callback-data';

/** The reason of a refused finalisation: the server's message, else its `error` or `data`. */
function failureReason(error: unknown): string {
  if (isApiError(error)) {
    const body = error.body as { error?: unknown; data?: unknown } | undefined;
    if (error.message) return error.message;
    if (typeof body?.error === 'string') return body.error;
    if (typeof body?.data === 'string') return body.data;
  }
  return errorMessage(error);
}

/**
 * /oauth2/callback (spec 2 'OAuth2 callback'): finalises the authorisation with the server,
 * says how it went and goes back to /service-accounts.
 */
export function OAuth2CallbackPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The state is single-use: a second run (StrictMode, a re-render) must not send it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const request = readCallback(params, hash);
    const finish = async () => {
      if (!request) {
        toast.error(messages.serviceAccounts.callbackInvalid);
      } else {
        try {
          await finishAuthorization(request.id, request.data, request.state);
          toast.success(messages.serviceAccounts.callbackSuccess);
        } catch (error) {
          toast.error(messages.serviceAccounts.callbackFailure(failureReason(error)));
        }
      }
      await queryClient.invalidateQueries({ queryKey: serviceAccountsQueryKey });
      void navigate('/service-accounts', { replace: true });
    };
    void finish();
  }, [params, hash, navigate, queryClient]);

  return (
    <Center mih={240}>
      <Stack align="center" gap="sm">
        <Loader size="sm" aria-label="Carregando" />
        <Text c="dimmed" size="sm">
          Finalizando a autorização da conta de serviço...
        </Text>
      </Stack>
    </Center>
  );
}
