import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  List,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { LoadedForm } from '../../components/loaded-form';
import { PageHeader } from '../../components/page-header';
import { useEditorReload } from '../../components/version-history/use-editor-reload';
import { useVersionedEditor } from '../../components/version-history/use-versioned-editor';
import { errorMessage } from '../../lib/api/api-error';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import { useNewItemGroup } from '../../lib/groups/selected-group';
import { toast } from '../../lib/toasts';
import { useSavedValue } from '../../lib/unsaved/use-saved-value';
import { useUnsavedChanges } from '../../lib/unsaved/use-unsaved-changes';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { useQueue } from './api/get-queues';
import type { VersionedQueue } from './api/get-queues';
import { useCreateQueue, useUpdateQueue } from './api/queue-mutations';
import { queueVersionLabels } from './queue-version-labels';

const m = messages.queues;

/** /queues/new and /queues/edit/{id} (spec 2 'Queues', §5 'Queue'). */
export function QueueFormPage() {
  const { id } = useParams();
  const existing = useQueue(id);
  const { generation, reload } = useEditorReload(existing.refetch);
  return (
    <>
      <PageHeader title={id ? 'Editar fila interna' : 'Nova fila interna'} />
      <LoadedForm editing={Boolean(id)} query={existing} backTo="/queues">
        {() => (
          <QueueForm key={`${id ?? 'new'}-${generation}`} queue={existing.data} reload={reload} />
        )}
      </LoadedForm>
    </>
  );
}

function QueueForm({
  queue,
  reload,
}: {
  queue: VersionedQueue | undefined;
  reload: () => Promise<unknown>;
}) {
  const saveDenied = useCan('queues.write').reason;
  const navigate = useNavigate();
  const create = useCreateQueue();
  const update = useUpdateQueue();
  const saving = create.isPending || update.isPending;
  const groups = useGroupOptions();
  const newItemGroup = useNewItemGroup();
  const [name, setName] = useState(queue?.name ?? '');
  const [group, setGroup] = useState<string | null>(queue ? queue.group : newItemGroup);
  const [rate, setRate] = useState<number | string>(
    queue?.max_per_second ?? limits.queueMaxPerSecondDefault,
  );
  const fields = {
    name: name.trim(),
    group: group || null,
    max_per_second: rate === '' ? limits.queueMaxPerSecondDefault : Number(rate),
  };
  const { dirty } = useSavedValue(fields);
  const unsaved = useUnsavedChanges(dirty);
  const versions = useVersionedEditor({
    resource: queue ? { kind: 'queue', id: queue._id } : null,
    loaded: queue?.version,
    dirty,
    labels: queueVersionLabels,
    reload,
  });
  const [checked, setChecked] = useState(false);
  // Spec 2 §5: only the name is checked here; the server answers for the rest.
  const errors = checked && !name.trim() ? [m.nameRequired] : [];
  const groupData = (groups.data?.items ?? []).map((item) => ({
    value: item._id,
    label: item.name,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (name.trim() && !saving) void save();
  };

  const save = async () => {
    try {
      if (queue) {
        await update.mutateAsync({
          _id: queue._id,
          ...fields,
          apply_default_values_new_fields: queue.apply_default_values_new_fields,
          ...versions.stamp(),
        });
      } else await create.mutateAsync(fields);
      toast.success(m.saved);
      unsaved.allowNextNavigation();
      void navigate('/queues');
    } catch (failure) {
      if (versions.refuse(failure, () => void save())) return;
      const reason = errorMessage(failure);
      toast.error(reason === m.nameTaken ? reason : m.saveError(reason));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Nome da fila"
              withAsterisk
              maxLength={limits.queueNameMax}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Select
              label="Grupo"
              placeholder="Sem grupo"
              clearable
              data={groupData}
              value={group && groupData.some((g) => g.value === group) ? group : null}
              onChange={setGroup}
            />
            <NumberInput
              label="Máximo de mensagens por segundo"
              description="Quantas mensagens o flow consumidor pode iniciar por segundo. 0 = sem limite."
              withAsterisk
              min={0}
              max={limits.queueMaxPerSecondMax}
              allowDecimal={false}
              allowNegative={false}
              value={rate}
              onChange={setRate}
            />
          </SimpleGrid>
        </Paper>

        {errors.length ? (
          <Alert color="red" variant="light" title="Erros encontrados:">
            <List size="sm">
              {errors.map((error) => (
                <List.Item key={error}>{error}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          {versions.historyButton}
          <Button variant="default" onClick={() => void navigate('/queues')} disabled={saving}>
            Cancelar
          </Button>
          <DeniedButton type="submit" loading={saving} denied={saveDenied}>
            Salvar
          </DeniedButton>
        </Group>
      </Stack>
      {versions.dialogs}
      {unsaved.dialog}
    </form>
  );
}
