import type { FormEvent } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { userCreateBodySchema } from '@ponte/shared/account.schema';
import { messages } from '@ponte/shared/messages';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useSessionUser, useSessionWorkspace } from '../../lib/session/session-store';
import { toast } from '../../lib/toasts';
import { AccountPageFrame } from './account-page-frame';
import { useCreateUser } from './api/create-user';
import { FormError } from './form-error';

const emptyUser = { name: '', email: '', password: '' };

/** /conta/usuarios: the owner adds people to the current workspace. */
export function UsersPage() {
  const user = useSessionUser();
  return (
    <AccountPageFrame title="Usuários">
      {user?.is_owner ? (
        <AddUserForm />
      ) : (
        <Alert color="yellow" variant="light">
          {messages.account.ownerOnly}
        </Alert>
      )}
    </AccountPageFrame>
  );
}

function AddUserForm() {
  const workspace = useSessionWorkspace();
  const create = useCreateUser();
  const form = useZodForm(userCreateBodySchema, emptyUser);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || create.isPending) return;
    try {
      await create.mutateAsync(body);
      form.reset(emptyUser);
      toast.success(messages.account.userCreated);
    } catch {
      // Shown under the form.
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            A pessoa entra com o e-mail e a senha inicial
            {workspace ? ` e passa a participar do workspace ${workspace.name}` : ''}.
          </Text>
          <TextInput label="Nome" autoComplete="off" {...form.inputProps('name')} />
          <TextInput label="E-mail" type="email" autoComplete="off" {...form.inputProps('email')} />
          <PasswordInput
            label="Senha inicial"
            autoComplete="new-password"
            description="Pelo menos 8 caracteres."
            {...form.inputProps('password')}
          />
          <FormError error={create.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Adicionar usuário
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
