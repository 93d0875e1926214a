import type { FormEvent } from 'react';
import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { passwordChangeBodySchema, profileBodySchema } from '@ponte/shared/account.schema';
import { messages } from '@ponte/shared/messages';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useSessionUser } from '../../lib/session/session-store';
import { toast } from '../../lib/toasts';
import { AccountPageFrame } from './account-page-frame';
import { useChangePassword } from './api/change-password';
import { useUpdateProfile } from './api/update-profile';
import { FormError } from './form-error';

/** /conta/perfil 'Meu perfil': name and password. */
export function ProfilePage() {
  const user = useSessionUser();
  return (
    <AccountPageFrame title="Meu perfil">
      <ProfileForm key={user?._id ?? 'none'} name={user?.name ?? ''} email={user?.email ?? ''} />
      <PasswordForm />
    </AccountPageFrame>
  );
}

function ProfileForm({ name, email }: { name: string; email: string }) {
  const save = useUpdateProfile();
  const form = useZodForm(profileBodySchema, { name });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || save.isPending) return;
    try {
      await save.mutateAsync(body);
      toast.success(messages.account.profileSaved);
    } catch {
      // Shown under the form.
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={3} fz={17}>
            Dados pessoais
          </Title>
          <TextInput label="Nome" autoComplete="name" {...form.inputProps('name')} />
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              E-mail
            </Text>
            <Text size="sm" c="dimmed">
              {email}
            </Text>
          </Stack>
          <FormError error={save.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const form = useZodForm(passwordChangeBodySchema, { current_password: '', new_password: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || change.isPending) return;
    try {
      await change.mutateAsync(body);
      form.reset({ current_password: '', new_password: '' });
      toast.success(messages.account.passwordChanged);
    } catch {
      // Shown under the form.
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={3} fz={17}>
            Alterar senha
          </Title>
          <PasswordInput
            label="Senha atual"
            autoComplete="current-password"
            {...form.inputProps('current_password')}
          />
          <PasswordInput
            label="Nova senha"
            autoComplete="new-password"
            description="Pelo menos 8 caracteres."
            {...form.inputProps('new_password')}
          />
          <FormError error={change.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Alterar senha
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
