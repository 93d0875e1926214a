import { useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { formSaveIssues } from '@ponte/shared/forms.schema';
import type { FormFile } from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { ConfirmModal } from '../../components/confirm-modal';
import { LoadedForm } from '../../components/loaded-form';
import { PageHeader } from '../../components/page-header';
import { useEditorReload } from '../../components/version-history/use-editor-reload';
import { useVersionedEditor } from '../../components/version-history/use-versioned-editor';
import { ApiError, errorMessage } from '../../lib/api/api-error';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import { useNewItemGroup } from '../../lib/groups/selected-group';
import { toast } from '../../lib/toasts';
import { useSavedValue } from '../../lib/unsaved/use-saved-value';
import { useUnsavedChanges } from '../../lib/unsaved/use-unsaved-changes';
import { DeniedButton } from '../../components/denied-button';
import { ImportJsonButton } from '../../components/import-json-button';
import { useCan } from '../../lib/session/use-can';
import { useCreateForm, useUpdateForm } from './api/form-mutations';
import { useForm } from './api/get-forms';
import type { VersionedForm } from './api/get-forms';
import { FormDisplayTab } from './form-display-tab';
import { FormFieldsTab } from './form-fields-tab';
import { downloadFormFile, readFormFile } from './form-file';
import { formVersionLabels } from './form-version-labels';
import { bodyOf, draftOf, draftOfFile, fileOf, useFormEditor } from './use-form-editor';
import type { FormDraft } from './use-form-editor';

const m = messages.forms;

/** /forms/new and /forms/edit/{id} (spec 2 'Forms', §4, §5 'Form save', §8 'Form'). */
export function FormBuilderPage() {
  const { id } = useParams();
  const existing = useForm(id);
  const { generation, reload } = useEditorReload(existing.refetch);
  return (
    <>
      <PageHeader title={id ? 'Editar formulário' : 'Novo formulário'} />
      <LoadedForm editing={Boolean(id)} query={existing} backTo="/forms">
        {() => (
          <FormBuilder
            key={`${id ?? 'new'}-${generation}`}
            id={id}
            form={existing.data}
            reload={reload}
          />
        )}
      </LoadedForm>
    </>
  );
}

/** Spec 2 §5 'Form save', in the order a person reads them; the PIN only counts when it is on. */
function saveIssues(draft: FormDraft, pinStored: boolean) {
  return formSaveIssues(
    { ...bodyOf(draft), auth_pin: draft.require_auth_pin ? draft.auth_pin : '' },
    pinStored,
  );
}

/** Every reason a save is refused, at once (one line alone, a list when there are more). */
function SaveIssues({ messages }: { messages: string[] }) {
  const unique = [...new Set(messages)];
  if (!unique.length) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={unique.length > 1 ? `Corrija ${unique.length} pontos antes de salvar:` : undefined}
    >
      {unique.length === 1 ? (
        unique[0]
      ) : (
        <List size="sm" spacing={2}>
          {unique.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

function FormBuilder({
  id,
  form,
  reload,
}: {
  id: string | undefined;
  form: VersionedForm | undefined;
  reload: () => Promise<unknown>;
}) {
  const saveDenied = useCan('forms.write').reason;
  const navigate = useNavigate();
  const create = useCreateForm();
  const update = useUpdateForm();
  const saving = create.isPending || update.isPending;
  const groups = useGroupOptions();
  const newItemGroup = useNewItemGroup();
  const editor = useFormEditor(draftOf(form, newItemGroup));
  const { draft, set } = editor;
  const saved = useSavedValue(useMemo(() => bodyOf(draft), [draft]));
  const unsaved = useUnsavedChanges(saved.dirty);
  const versions = useVersionedEditor({
    resource: id ? { kind: 'form', id } : null,
    loaded: form?.version,
    dirty: saved.dirty,
    labels: formVersionLabels,
    reload,
  });
  // Once a save was refused, the list follows the edits: a fixed rule leaves it at once.
  const [checked, setChecked] = useState(false);
  const pinStored = Boolean(form?.auth_pin_set);
  const issues = useMemo(() => saveIssues(draft, pinStored), [draft, pinStored]);
  // The server's own refusals (every issue of its `details`), until the next edit.
  const [refused, setRefused] = useState<{ draft: FormDraft; messages: string[] } | null>(null);
  const shown = checked ? issues.map((each) => each.message) : [];
  if (refused?.draft === draft) shown.push(...refused.messages);
  const [tab, setTab] = useState<string | null>('fields');
  const [pendingImport, setPendingImport] = useState<FormFile | null>(null);
  const groupData = (groups.data?.items ?? []).map((item) => ({
    value: item._id,
    label: item.name,
  }));

  const applyImport = (file: FormFile) => {
    editor.setDraft(draftOfFile(file));
    setChecked(false);
    setPendingImport(null);
  };

  // Cleared after each pick, so that picking the same file again (after a cancel) reads it again.
  const resetFile = useRef<() => void>(null);
  const pickFile = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    try {
      const read = await readFormFile(file);
      if (draft.name.trim() || draft.fields.length) setPendingImport(read);
      else applyImport(read);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) void save();
  };

  const save = async () => {
    setChecked(true);
    const first = issues[0];
    if (first) {
      const [root] = first.path;
      setTab(root === 'auth_pin' ? 'display' : root === 'name' ? tab : 'fields');
      return;
    }
    const body = bodyOf(draft);
    try {
      if (id)
        versions.saved(await update.mutateAsync({ id, body: { ...body, ...versions.stamp() } }));
      else {
        const created = await create.mutateAsync(body);
        unsaved.allowNextNavigation();
        void navigate(`/forms/edit/${created._id}`, { replace: true });
      }
      saved.markSaved(body);
      toast.success(m.saved);
    } catch (failure) {
      if (versions.refuse(failure, () => void save())) return;
      toast.error(m.saveError(errorMessage(failure)));
      const details = failure instanceof ApiError ? failure.details : undefined;
      if (Array.isArray(details) && details.length > 1)
        setRefused({ draft, messages: details.map((detail) => detail.message) });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Nome do form"
              withAsterisk
              maxLength={limits.formNameMax}
              value={draft.name}
              onChange={(event) => set('name', event.currentTarget.value)}
            />
            <Select
              label="Grupo"
              placeholder="Sem grupo"
              clearable
              data={groupData}
              value={
                draft.group && groupData.some((g) => g.value === draft.group) ? draft.group : null
              }
              onChange={(value) => set('group', value)}
            />
          </SimpleGrid>
        </Paper>

        <Group justify="flex-end" gap="sm" wrap="wrap">
          {versions.historyButton}
          {id ? (
            <Button
              component="a"
              href={`/engine/forms/${encodeURIComponent(id)}`}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconExternalLink size={16} />}
            >
              Pré-visualizar
            </Button>
          ) : (
            <ImportJsonButton
              denied={saveDenied}
              resetRef={resetFile}
              onPick={(file) => void pickFile(file)}
            />
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadFormFile(fileOf(draft))}
          >
            Exportar
          </Button>
        </Group>

        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="fields">Campos</Tabs.Tab>
            <Tabs.Tab value="display">Exibição</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="fields" pt="md">
            <FormFieldsTab
              fields={draft.fields}
              onAdd={editor.addField}
              onReplace={editor.replaceField}
              onRemove={editor.removeField}
              onMove={editor.moveField}
            />
          </Tabs.Panel>
          <Tabs.Panel value="display" pt="md">
            <FormDisplayTab draft={draft} set={set} form={form} />
          </Tabs.Panel>
        </Tabs>

        <SaveIssues messages={shown} />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate('/forms')} disabled={saving}>
            Cancelar
          </Button>
          <DeniedButton type="submit" loading={saving} denied={saveDenied}>
            Salvar
          </DeniedButton>
        </Group>
      </Stack>
      <ConfirmModal
        opened={pendingImport !== null}
        title="Importar form"
        message={m.importConfirm}
        onConfirm={() => pendingImport && applyImport(pendingImport)}
        onCancel={() => setPendingImport(null)}
      />
      {versions.dialogs}
      {unsaved.dialog}
    </form>
  );
}
