import { useEffect, useState } from 'react';
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import { errorMessage } from '../../lib/api/api-error';
import { hasActiveSession, useSessionToken } from '../../lib/session/session-store';
import { clearSession } from '../../lib/session/sign-out';
import { useSetupStatus } from './api/get-setup-status';
import { FirstAccountForm } from './first-account-form';
import { SignInForm } from './sign-in-form';

/** /conta/entrar: the first-account form on a fresh installation, otherwise sign-in. */
export function SignInPage() {
  const token = useSessionToken();
  const setup = useSetupStatus();
  const [notice, setNotice] = useState<string>();
  // An ended session's leftovers (an expired token, its user and workspace) go.
  useEffect(() => {
    if (!hasActiveSession()) clearSession();
  }, []);

  if (token && hasActiveSession()) return <Navigate to="/flows" replace />;
  if (setup.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Carregando" />
      </Center>
    );
  }
  if (setup.data?.needs_setup && !notice) {
    return (
      <FirstAccountForm
        onAlreadyDone={(message) => {
          setNotice(message);
          void setup.refetch();
        }}
      />
    );
  }
  return (
    <Stack gap="md">
      {setup.isError ? (
        <Alert color="red" variant="light" maw={420} mx="auto" w="100%">
          {errorMessage(setup.error)}
        </Alert>
      ) : null}
      <SignInForm notice={notice} />
    </Stack>
  );
}
