import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { invitationAcceptBodySchema } from '@ponte/shared/members.schema';
import { roleDescriptions, roleNames } from '@ponte/shared/roles';
import { errorMessage } from '../../lib/api/api-error';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useAcceptInvitation, useInvitationPreview } from './api/invitations';
import { FormError } from './form-error';

/** /convite/:token: the invited person sees where the link leads and makes their account. */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const form = useZodForm(invitationAcceptBodySchema, { name: '', email: '', password: '' });

  if (preview.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Carregando" />
      </Center>
    );
  }
  if (preview.isError) {
    return (
      <Alert color="yellow" variant="light" title="Convite">
        {errorMessage(preview.error)}
      </Alert>
    );
  }
  const invitation = preview.data;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || accept.isPending) return;
    try {
      const { token: session } = await accept.mutateAsync(body);
      void navigate(`/auth?token=${encodeURIComponent(session)}`, { replace: true });
    } catch {
      // Shown under the form.
    }
  };

  return (
    <Paper withBorder radius="md" p="xl" shadow="xs" maw={460} mx="auto">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={2} fz={22} ta="center">
            Convite para o workspace {invitation.workspace_name}
          </Title>
          <Text size="sm">
            {invitation.invited_by
              ? `${invitation.invited_by} convidou você`
              : 'Você foi convidado'}{' '}
            para participar como <strong>{roleNames[invitation.role]}</strong>:{' '}
            {roleDescriptions[invitation.role].charAt(0).toLowerCase()}
            {roleDescriptions[invitation.role].slice(1)}
          </Text>
          <Text size="xs" c="dimmed">
            Vale até {formatDateTimeMinutes(invitation.expires_at)}, para uma pessoa só.
          </Text>
          <TextInput label="Seu nome" autoComplete="name" {...form.inputProps('name')} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            {...form.inputProps('email')}
          />
          <PasswordInput
            label="Senha"
            description="Pelo menos 8 caracteres."
            autoComplete="new-password"
            {...form.inputProps('password')}
          />
          <Button type="submit" fullWidth loading={accept.isPending}>
            Aceitar convite
          </Button>
          <FormError error={accept.error} />
        </Stack>
      </form>
    </Paper>
  );
}
