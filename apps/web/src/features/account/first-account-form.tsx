import type { FormEvent } from 'react';
import { Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { setupBodySchema } from '@ponte/shared/account.schema';
import { isApiError } from '../../lib/api/api-error';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useCreateFirstAccount } from './api/create-first-account';
import { FormError } from './form-error';

/** 'Criar a primeira conta': the owner, the customer and the first workspace. */
export function FirstAccountForm({ onAlreadyDone }: { onAlreadyDone: (message: string) => void }) {
  const navigate = useNavigate();
  const setup = useCreateFirstAccount();
  const form = useZodForm(setupBodySchema, {
    name: '',
    email: '',
    password: '',
    workspace_name: '',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || setup.isPending) return;
    try {
      const { token } = await setup.mutateAsync(body);
      void navigate(`/auth?token=${encodeURIComponent(token)}`, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 409) onAlreadyDone(error.message);
    }
  };

  return (
    <Paper withBorder radius="md" p="xl" shadow="xs" maw={460} mx="auto">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz={22} ta="center">
              Criar a primeira conta
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              Esta conta será a proprietária do Ponte e do primeiro workspace.
            </Text>
          </Stack>
          <TextInput label="Nome" autoComplete="name" autoFocus {...form.inputProps('name')} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            {...form.inputProps('email')}
          />
          <PasswordInput
            label="Senha"
            autoComplete="new-password"
            description="Pelo menos 8 caracteres."
            {...form.inputProps('password')}
          />
          <TextInput label="Nome do workspace" {...form.inputProps('workspace_name')} />
          <Button type="submit" fullWidth loading={setup.isPending} mt="xs">
            Criar conta
          </Button>
          <FormError error={setup.error} />
        </Stack>
      </form>
    </Paper>
  );
}
