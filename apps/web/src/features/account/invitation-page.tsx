import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { invitationAcceptBodySchema, invitationJoinBodySchema } from '@ponte/shared/members.schema';
import { roleDescriptions, roleNames } from '@ponte/shared/roles';
import { errorMessage } from '../../lib/api/api-error';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useAcceptInvitation, useInvitationPreview, useJoinInvitation } from './api/invitations';
import { FormError } from './form-error';

type Mode = 'new' | 'existing';

/**
 * /convite/:token: the invited person sees where the link leads, then makes their account or
 * enters with the one they have ('Já tenho conta', e-mail and password checked as a sign-in).
 */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const preview = useInvitationPreview(token);
  const [mode, setMode] = useState<Mode>('new');

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

  return (
    <Paper withBorder radius="md" p="xl" shadow="xs" maw={460} mx="auto">
      <Stack gap="md">
        <Title order={2} fz={22} ta="center">
          Convite para o workspace {invitation.workspace_name}
        </Title>
        <Text size="sm">
          {invitation.invited_by ? `${invitation.invited_by} convidou você` : 'Você foi convidado'}{' '}
          para participar como <strong>{roleNames[invitation.role]}</strong>:{' '}
          {roleDescriptions[invitation.role].charAt(0).toLowerCase()}
          {roleDescriptions[invitation.role].slice(1)}
        </Text>
        <Text size="xs" c="dimmed">
          Vale até {formatDateTimeMinutes(invitation.expires_at)}, para uma pessoa só.
        </Text>
        <SegmentedControl
          aria-label="Como aceitar"
          fullWidth
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          data={[
            { value: 'new', label: 'Criar conta' },
            { value: 'existing', label: 'Já tenho conta' },
          ]}
        />
        {mode === 'new' ? <NewAccountForm token={token} /> : <ExistingAccountForm token={token} />}
      </Stack>
    </Paper>
  );
}

/** Signs in with the session the server answered, through /auth (the spec's hand-off). */
function useSignIn() {
  const navigate = useNavigate();
  return (session: string) =>
    void navigate(`/auth?token=${encodeURIComponent(session)}`, { replace: true });
}

function NewAccountForm({ token }: { token: string }) {
  const accept = useAcceptInvitation(token);
  const signIn = useSignIn();
  const form = useZodForm(invitationAcceptBodySchema, { name: '', email: '', password: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || accept.isPending) return;
    try {
      signIn((await accept.mutateAsync(body)).token);
    } catch {
      // Shown under the form.
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput label="Seu nome" autoComplete="name" {...form.inputProps('name')} />
        <TextInput label="E-mail" type="email" autoComplete="email" {...form.inputProps('email')} />
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
  );
}

function ExistingAccountForm({ token }: { token: string }) {
  const join = useJoinInvitation(token);
  const signIn = useSignIn();
  const form = useZodForm(invitationJoinBodySchema, { email: '', password: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || join.isPending) return;
    try {
      signIn((await join.mutateAsync(body)).token);
    } catch {
      // Shown under the form.
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Entre com o e-mail e a senha da sua conta no Ponte: ela passa a participar deste
          workspace, e os outros workspaces dela continuam como estão.
        </Text>
        <TextInput label="E-mail" type="email" autoComplete="email" {...form.inputProps('email')} />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          {...form.inputProps('password')}
        />
        <Button type="submit" fullWidth loading={join.isPending}>
          Entrar e aceitar o convite
        </Button>
        <FormError error={join.error} />
      </Stack>
    </form>
  );
}
