import type { FormEvent } from 'react';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { groupBodySchema } from '@ponte/shared/groups.schema';
import { messages } from '@ponte/shared/messages';
import { PageHeader } from '../../components/page-header';
import { LoadedForm } from '../../components/loaded-form';
import { errorMessage } from '../../lib/api/api-error';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { toast } from '../../lib/toasts';
import { useSavedValue } from '../../lib/unsaved/use-saved-value';
import { useUnsavedChanges } from '../../lib/unsaved/use-unsaved-changes';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { useCreateGroup } from './api/create-group';
import { useGroup } from './api/get-group';
import { useUpdateGroup } from './api/update-group';

/** /groups/new and /groups/edit/{id}: the single field 'Nome do grupo'. */
export function GroupFormPage() {
  const { id } = useParams();
  const existing = useGroup(id);

  return (
    <>
      <PageHeader title={id ? 'Editar grupo' : 'Novo grupo'} />
      <Paper withBorder radius="md" p="lg" maw={640}>
        <LoadedForm editing={Boolean(id)} query={existing} backTo="/groups">
          {() => <GroupForm key={id ?? 'new'} id={id} initialName={existing.data?.name ?? ''} />}
        </LoadedForm>
      </Paper>
    </>
  );
}

function GroupForm({ id, initialName }: { id: string | undefined; initialName: string }) {
  const saveDenied = useCan('groups.write').reason;
  const navigate = useNavigate();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const form = useZodForm(groupBodySchema, { name: initialName });
  const saving = create.isPending || update.isPending;
  const unsaved = useUnsavedChanges(useSavedValue(form.values.name.trim()).dirty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body || saving) return;
    try {
      if (id) await update.mutateAsync({ id, body });
      else await create.mutateAsync(body);
      toast.success(messages.groups.saved);
      unsaved.allowNextNavigation();
      void navigate('/groups');
    } catch (error) {
      toast.error(messages.groups.saveError + errorMessage(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        <TextInput label="Nome do grupo" withAsterisk autoFocus {...form.inputProps('name')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate('/groups')} disabled={saving}>
            Cancelar
          </Button>
          <DeniedButton type="submit" loading={saving} denied={saveDenied}>
            Salvar
          </DeniedButton>
        </Group>
      </Stack>
      {unsaved.dialog}
    </form>
  );
}
