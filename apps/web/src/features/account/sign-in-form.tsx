import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { authenticateBodySchema } from '@ponte/shared/account.schema';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useAuthenticate } from './api/authenticate';
import { useSsoOptions } from './api/get-sso-options';
import { FormError } from './form-error';
import { SsoButtons, useSsoError } from './sso-sign-in';

/**
 * 'Entrar no Ponte': a button per single sign-on provider, then e-mail and password and the
 * /auth hand-off. When password sign-in is disabled (docs/adr/0108) the form hides behind a link
 * for the instance's owner, who keeps it.
 */
export function SignInForm({ notice }: { notice?: string }) {
  const navigate = useNavigate();
  const signIn = useAuthenticate();
  const form = useZodForm(authenticateBodySchema, { email: '', password: '' });
  const sso = useSsoOptions();
  const ssoError = useSsoError(sso.data);
  const hasProviders = (sso.data?.providers.length ?? 0) > 0;
  const [ownerPassword, setOwnerPassword] = useState(false);
  const showPassword = sso.data?.password_sign_in !== false || ownerPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || signIn.isPending) return;
    try {
      const { token } = await signIn.mutateAsync(body);
      void navigate(`/auth?token=${encodeURIComponent(token)}`, { replace: true });
    } catch {
      // The message is shown under the form from the mutation state.
    }
  };

  return (
    <Paper withBorder radius="md" p="xl" shadow="xs" maw={420} mx="auto" w="100%">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={2} fz={22} ta="center">
            Entrar no Ponte
          </Title>
          {notice ? (
            <Alert color="blue" variant="light">
              {notice}
            </Alert>
          ) : null}
          <SsoButtons options={sso.data} error={ssoError} />
          {hasProviders && showPassword ? <Divider label="ou com e-mail e senha" /> : null}
          {showPassword ? (
            <>
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="username"
                autoFocus={!hasProviders || ownerPassword}
                {...form.inputProps('email')}
              />
              <PasswordInput
                label="Senha"
                autoComplete="current-password"
                {...form.inputProps('password')}
              />
              <Button type="submit" fullWidth loading={signIn.isPending} mt="xs">
                Entrar
              </Button>
            </>
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              O login com senha está desativado.{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setOwnerPassword(true)}
              >
                Entrar com senha (proprietário da instância)
              </Anchor>
            </Text>
          )}
          <FormError error={signIn.error} />
        </Stack>
      </form>
    </Paper>
  );
}
