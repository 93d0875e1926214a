import type { FormEvent } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { authenticateBodySchema } from '@ponte/shared/account.schema';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useAuthenticate } from './api/authenticate';
import { FormError } from './form-error';

/** 'Entrar no Ponte': e-mail and password, then the /auth hand-off. */
export function SignInForm({ notice }: { notice?: string }) {
  const navigate = useNavigate();
  const signIn = useAuthenticate();
  const form = useZodForm(authenticateBodySchema, { email: '', password: '' });

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
    <Paper withBorder radius="md" p="xl" shadow="xs" maw={420} mx="auto">
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
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            autoFocus
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
          <FormError error={signIn.error} />
        </Stack>
      </form>
    </Paper>
  );
}
