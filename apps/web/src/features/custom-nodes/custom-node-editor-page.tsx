import { useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconDownload } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { customNodeSaveIssues } from '@ponte/shared/custom-nodes.schema';
import type { CustomNode, CustomNodeFile } from '@ponte/shared/custom-nodes.schema';
import { messages } from '@ponte/shared/messages';
import { ConfirmModal } from '../../components/confirm-modal';
import { LoadedForm } from '../../components/loaded-form';
import { PageHeader } from '../../components/page-header';
import { useEditorReload } from '../../components/version-history/use-editor-reload';
import { useVersionedEditor } from '../../components/version-history/use-versioned-editor';
import { errorMessage } from '../../lib/api/api-error';
import { useNewItemGroup } from '../../lib/groups/selected-group';
import { toast } from '../../lib/toasts';
import { useSavedValue } from '../../lib/unsaved/use-saved-value';
import { useUnsavedChanges } from '../../lib/unsaved/use-unsaved-changes';
import { DeniedButton } from '../../components/denied-button';
import { ImportJsonButton } from '../../components/import-json-button';
import { useCan } from '../../lib/session/use-can';
import { useCreateCustomNode, useUpdateCustomNode } from './api/custom-node-mutations';
import { useCustomNode } from './api/get-custom-nodes';
import { downloadCustomNodeFile, readCustomNodeFile } from './custom-node-file';
import { CustomNodeFunctionsTab } from './custom-node-functions-tab';
import type { CustomNodeFunctionsValue } from './custom-node-functions-tab';
import { CustomNodeSettingsTab } from './custom-node-settings-tab';
import { customNodeVersionLabels } from './custom-node-version-labels';
import {
  bodyOf,
  draftOf,
  draftOfFile,
  isBlankDraft,
  settingsFields,
  useCustomNodeDraft,
} from './use-custom-node-draft';

const m = messages.customNodes;

/** /custom-nodes/new and /custom-nodes/{id} (spec 2 'Custom connectors', §5 and §8 'Connector'). */
export function CustomNodeEditorPage() {
  const { id } = useParams();
  const existing = useCustomNode(id);
  const { generation, reload } = useEditorReload(existing.refetch);
  if (id && !existing.data)
    return (
      <>
        <PageHeader title="Editar conector" />
        <LoadedForm editing query={existing} backTo="/custom-nodes">
          {() => null}
        </LoadedForm>
      </>
    );
  return (
    <CustomNodeEditor
      key={`${id ?? 'new'}-${generation}`}
      id={id}
      node={existing.data}
      reload={reload}
    />
  );
}

function CustomNodeEditor({
  id,
  node,
  reload,
}: {
  id: string | undefined;
  node: CustomNode | undefined;
  reload: () => Promise<unknown>;
}) {
  const saveDenied = useCan('customNodes.write').reason;
  const navigate = useNavigate();
  const create = useCreateCustomNode();
  const update = useUpdateCustomNode();
  const saving = create.isPending || update.isPending;
  const newItemGroup = useNewItemGroup();
  const { draft, setDraft, set, patch } = useCustomNodeDraft(draftOf(node, newItemGroup));
  const saved = useSavedValue(useMemo(() => bodyOf(draft), [draft]));
  const unsaved = useUnsavedChanges(saved.dirty);
  const versions = useVersionedEditor({
    resource: id ? { kind: 'custom_node', id } : null,
    loaded: node?.revision,
    field: 'revision',
    dirty: saved.dirty,
    labels: customNodeVersionLabels,
    reload,
  });
  // Once a save was refused, the messages follow the edits: a fixed rule gives way to the next.
  const [checked, setChecked] = useState(false);
  const issues = useMemo(() => customNodeSaveIssues(bodyOf(draft)), [draft]);
  const shownIssues = checked ? issues : [];
  const [tab, setTab] = useState<string | null>('settings');
  const [pendingImport, setPendingImport] = useState<CustomNodeFile | null>(null);

  const applyImport = (file: CustomNodeFile) => {
    setDraft(draftOfFile(file, draft.group));
    setChecked(false);
    setPendingImport(null);
  };

  // Cleared after each pick, so that picking the same file again (after a cancel) reads it again.
  const resetFile = useRef<() => void>(null);
  const pickFile = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    try {
      const read = await readCustomNodeFile(file);
      if (id || !isBlankDraft(draft)) setPendingImport(read);
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
      setTab(settingsFields.includes(String(first.path[0])) ? 'settings' : 'functions');
      return;
    }
    const body = bodyOf(draft);
    try {
      if (id)
        versions.saved(await update.mutateAsync({ id, body: { ...body, ...versions.stamp() } }));
      else {
        const created = await create.mutateAsync(body);
        unsaved.allowNextNavigation();
        void navigate(`/custom-nodes/${encodeURIComponent(created._id)}`, { replace: true });
      }
      saved.markSaved(body);
      toast.success(m.saved);
    } catch (failure) {
      if (versions.refuse(failure, () => void save())) return;
      toast.error(m.saveError(errorMessage(failure)));
    }
  };

  const functions: CustomNodeFunctionsValue = {
    execution_type: draft.execution_type,
    code_execution_content: draft.code_execution_content,
    params: draft.params,
  };

  const actions = (
    <>
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} />}
        onClick={() => void navigate('/custom-nodes')}
        disabled={saving}
      >
        Voltar
      </Button>
      {versions.historyButton}
      {
        <ImportJsonButton
          denied={saveDenied}
          resetRef={resetFile}
          onPick={(file) => void pickFile(file)}
        />
      }
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={() => downloadCustomNodeFile(bodyOf(draft))}
      >
        Exportar
      </Button>
      <DeniedButton
        type="submit"
        loading={saving}
        denied={saveDenied}
        leftSection={<IconDeviceFloppy size={16} />}
      >
        Salvar
      </DeniedButton>
    </>
  );

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={node ? node.name : 'Novo conector'}
        description={node ? `Versão ${node.version}` : undefined}
        actions={actions}
      />
      <Stack gap="md">
        {checked && issues[0] ? (
          <Alert color="red" variant="light" role="alert">
            {issues[0].message}
          </Alert>
        ) : null}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="settings">Configurações</Tabs.Tab>
            <Tabs.Tab value="functions">Funções</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="settings" pt="md">
            <CustomNodeSettingsTab draft={draft} set={set} issues={shownIssues} />
          </Tabs.Panel>
          <Tabs.Panel value="functions" pt="md">
            <CustomNodeFunctionsTab value={functions} onChange={patch} issues={shownIssues} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <ConfirmModal
        opened={pendingImport !== null}
        title="Importar conector"
        message={m.importConfirm}
        onConfirm={() => pendingImport && applyImport(pendingImport)}
        onCancel={() => setPendingImport(null)}
      />
      {versions.dialogs}
      {unsaved.dialog}
    </form>
  );
}
