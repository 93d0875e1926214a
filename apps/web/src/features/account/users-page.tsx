import { useState, type FormEvent } from 'react';
import {
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { userCreateBodySchema } from '@ponte/shared/account.schema';
import { messages } from '@ponte/shared/messages';
import {
  assignableRoles,
  groupLimitable,
  roleDescriptions,
  roleNames,
  type Role,
} from '@ponte/shared/roles';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useSessionWorkspace } from '../../lib/session/session-store';
import { useCan } from '../../lib/session/use-can';
import { toast } from '../../lib/toasts';
import { AccountPageFrame } from './account-page-frame';
import { useCreateUser } from './api/create-user';
import { membersKey } from './api/members';
import { FormError } from './form-error';
import { GroupAccessField } from './group-access-field';
import { InvitationsPanel } from './invitations-panel';
import { MembersList } from './members-list';

const emptyUser = { name: '', email: '', password: '', role: 'editor' as Role };

/** /conta/usuarios: the workspace's members; who manages members changes roles and adds people. */
export function UsersPage() {
  const manage = useCan('members.manage');
  return (
    <AccountPageFrame title="Membros">
      <MembersList />
      {manage.allowed ? (
        <>
          <InvitationsPanel />
          <AddUserForm />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {manage.reason}
        </Text>
      )}
    </AccountPageFrame>
  );
}

function AddUserForm() {
  const workspace = useSessionWorkspace();
  const create = useCreateUser();
  const client = useQueryClient();
  const form = useZodForm(userCreateBodySchema, emptyUser);
  const roles = assignableRoles(workspace?.role ?? 'viewer');
  const role = (form.values.role as Role | undefined) ?? 'editor';
  const [groups, setGroups] = useState<string[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || create.isPending) return;
    try {
      await create.mutateAsync({
        ...body,
        ...(groups.length && groupLimitable(role) ? { groups } : {}),
      });
      await client.invalidateQueries({ queryKey: membersKey });
      form.reset(emptyUser);
      setGroups([]);
      toast.success(messages.account.userCreated);
    } catch {
      // Shown under the form.
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={3} fz={18}>
            Adicionar pessoa
          </Title>
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
          <Select
            label="Papel"
            allowDeselect={false}
            data={roles.map((role) => ({ value: role, label: roleNames[role] }))}
            description={roleDescriptions[role]}
            value={role}
            onChange={(value) => value && form.setValue('role', value)}
          />
          <GroupAccessField role={role} value={groups} onChange={setGroups} />
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
