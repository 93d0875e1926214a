import type { FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { workspaceCreateBodySchema } from '@ponte/shared/account.schema';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useSessionUser } from '../../lib/session/session-store';
import { toast } from '../../lib/toasts';
import { AccountPageFrame } from './account-page-frame';
import { useCreateWorkspace } from './api/create-workspace';
import { useWorkspaces } from './api/get-workspaces';
import { useSwitchWorkspace } from './api/switch-workspace';
import { FormError } from './form-error';

/** /conta/workspaces: the user's workspaces; the owner can create more. */
export function WorkspacesPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const workspaces = useWorkspaces();
  const switching = useSwitchWorkspace();

  const enter = async (workspaceId: string) => {
    try {
      const { token } = await switching.mutateAsync(workspaceId);
      void navigate(`/auth?token=${encodeURIComponent(token)}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <AccountPageFrame title="Workspaces">
      <Paper withBorder radius="md">
        {workspaces.isPending ? (
          <Group p="lg">
            <Loader size="sm" aria-label="Carregando" />
          </Group>
        ) : workspaces.isError ? (
          <Alert color="red" variant="light" m="md">
            {errorMessage(workspaces.error)}
          </Alert>
        ) : (
          <Stack
            gap={0}
            component="ul"
            m={0}
            p={0}
            aria-label="Seus workspaces"
            style={{ listStyle: 'none' }}
          >
            {workspaces.data.items.map((workspace, index) => (
              <Group
                key={workspace._id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                px="lg"
                py="sm"
                style={
                  index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined
                }
              >
                <Text fw={500} truncate="end">
                  {workspace.name}
                </Text>
                {workspace.current ? (
                  <Badge variant="light" color="teal">
                    Atual
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Entrar em ${workspace.name}`}
                    loading={switching.isPending && switching.variables === workspace._id}
                    onClick={() => void enter(workspace._id)}
                  >
                    Entrar
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
      {user?.is_owner ? <CreateWorkspaceForm /> : null}
    </AccountPageFrame>
  );
}

function CreateWorkspaceForm() {
  const create = useCreateWorkspace();
  const form = useZodForm(workspaceCreateBodySchema, { name: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || create.isPending) return;
    try {
      await create.mutateAsync(body);
      form.reset({ name: '' });
      toast.success(messages.account.workspaceCreated);
    } catch {
      // Shown under the form.
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={3} fz={17}>
            Novo workspace
          </Title>
          <TextInput label="Nome do workspace" {...form.inputProps('name')} />
          <FormError error={create.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Criar workspace
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
