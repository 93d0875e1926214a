import { useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconCopy,
  IconDeviceFloppy,
  IconPlus,
  IconRefresh,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { dashboardSaveIssues, widgetTypes } from '@ponte/shared/dashboards.schema';
import type { DashboardBody, ViewPeriod, Widget } from '@ponte/shared/dashboards.schema';
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
import { ImportJsonButton } from '../../components/import-json-button';
import { useCan } from '../../lib/session/use-can';
import { useCreateDashboard, useUpdateDashboard } from './api/dashboard-mutations';
import { useDashboard } from './api/get-dashboards';
import type { VersionedDashboard } from './api/get-dashboards';
import { DashboardGrid, placesAsShown } from './dashboard-grid';
import { readDashboardFile } from './dashboard-file';
import { dashboardVersionLabels } from './dashboard-version-labels';
import { useDashboardResults } from './use-dashboard-results';
import { bodyOf, draftOf, draftOfFile, useDashboardDraft } from './use-dashboard-draft';
import type { DashboardDraft } from './use-dashboard-draft';
import { WidgetCard } from './widget-card';
import { WidgetSettingsModal } from './widget-settings-modal';

const m = messages.dashboards;
/** The editor shows the widgets over today, the view's default period (spec 2 §9). */
const editorPeriod: ViewPeriod = { periodType: 'today' };

/** /dashboards/new and /dashboards/edit/{id} (spec 2 'Dashboards', §5, §8 'Dashboard', §9). */
export function DashboardEditorPage() {
  const { id } = useParams();
  const existing = useDashboard(id);
  const { generation, reload } = useEditorReload(existing.refetch);
  return (
    <>
      <PageHeader title={m.editorTitle} />
      <LoadedForm editing={Boolean(id)} query={existing} backTo="/dashboards">
        {() => (
          <DashboardEditor
            key={`${id ?? 'new'}-${generation}`}
            id={id}
            dashboard={existing.data}
            reload={reload}
          />
        )}
      </LoadedForm>
    </>
  );
}

/** The body a save would send, the widgets at the places the grid shows them. */
function shownBodyOf(draft: DashboardDraft): DashboardBody {
  const body = bodyOf(draft);
  const places = placesAsShown(body.widgets);
  return {
    ...body,
    widgets: body.widgets.map((widget, index) => ({ ...widget, ...places[index], id: widget.id })),
  };
}

function WidgetActions(props: {
  onConfigure: () => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={2} wrap="nowrap" onMouseDown={(event) => event.stopPropagation()}>
      <ActionIcon variant="subtle" aria-label="Configurar widget" onClick={props.onConfigure}>
        <IconSettings size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" aria-label="Duplicar widget" onClick={props.onDuplicate}>
        <IconCopy size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label="Remover widget" onClick={props.onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function DashboardEditor({
  id,
  dashboard,
  reload,
}: {
  id: string | undefined;
  dashboard: VersionedDashboard | undefined;
  reload: () => Promise<unknown>;
}) {
  const saveDenied = useCan('dashboards.write').reason;
  const navigate = useNavigate();
  const create = useCreateDashboard();
  const update = useUpdateDashboard();
  const saving = create.isPending || update.isPending;
  const groups = useGroupOptions();
  const newItemGroup = useNewItemGroup();
  const editor = useDashboardDraft(draftOf(dashboard, newItemGroup));
  const { draft } = editor;
  const { dirty } = useSavedValue(useMemo(() => shownBodyOf(draft), [draft]));
  const unsaved = useUnsavedChanges(dirty);
  const versions = useVersionedEditor({
    resource: id ? { kind: 'dashboard', id } : null,
    loaded: dashboard?.version,
    dirty,
    labels: dashboardVersionLabels,
    reload,
  });
  const [issue, setIssue] = useState<string | null>(null);
  const [configuring, setConfiguring] = useState<Widget | null>(null);
  const results = useDashboardResults(draft.widgets, editorPeriod, id);
  const groupData = (groups.data?.items ?? []).map((item) => ({
    value: item._id,
    label: item.name,
  }));

  const resetFile = useRef<() => void>(null);
  const pickFile = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    try {
      editor.setDraft(draftOfFile(await readDashboardFile(file)));
      setIssue(null);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) void save();
  };

  const save = async () => {
    const body = bodyOf(draft);
    const first = dashboardSaveIssues(body)[0] ?? null;
    setIssue(first);
    if (first) return;
    try {
      const saved = id
        ? await update.mutateAsync({ id, body: { ...body, ...versions.stamp() } })
        : await create.mutateAsync(body);
      versions.saved(saved);
      toast.success(m.saved);
      unsaved.allowNextNavigation();
      void navigate(`/dashboards/view/${encodeURIComponent(saved._id)}`);
    } catch (failure) {
      if (versions.refuse(failure, () => void save())) return;
      toast.error(m.saveError(errorMessage(failure)));
    }
  };

  // A widget just added whose settings were never saved: 'Cancelar' takes it away again.
  const [fresh, setFresh] = useState<string | null>(null);
  const addWidget = (type: Widget['type']) => {
    const widget = editor.addWidget(type);
    setFresh(widget.id);
    setConfiguring(widget);
  };
  const configure = (widget: Widget) => {
    setFresh(null);
    setConfiguring(widget);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Nome do dashboard"
              withAsterisk
              maxLength={limits.dashboardNameMax}
              value={draft.name}
              onChange={(event) => editor.setName(event.currentTarget.value)}
            />
            <Select
              label="Grupo"
              placeholder="Sem grupo"
              clearable
              data={groupData}
              value={
                draft.group && groupData.some((g) => g.value === draft.group) ? draft.group : null
              }
              onChange={editor.setGroup}
            />
          </SimpleGrid>
        </Paper>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {versions.historyButton}
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconPlus size={16} />}>
                Adicionar widget
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {widgetTypes.map((type) => (
                <Menu.Item key={type} onClick={() => addWidget(type)}>
                  {m.widgetTypes[type]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {id ? null : (
            <ImportJsonButton
              denied={saveDenied}
              resetRef={resetFile}
              onPick={(file) => void pickFile(file)}
            />
          )}
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={results.refresh}
          >
            Atualizar dados
          </Button>
          {id ? (
            <Button
              variant="default"
              disabled={saving}
              onClick={() => void navigate(`/dashboards/view/${encodeURIComponent(id)}`)}
            >
              Cancelar
            </Button>
          ) : null}
          <DeniedButton
            type="submit"
            loading={saving}
            denied={saveDenied}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            Salvar
          </DeniedButton>
        </Group>
        {issue ? (
          <Alert color="red" variant="light" role="alert">
            {issue}
          </Alert>
        ) : null}
        {draft.widgets.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {m.emptyGrid}
          </Text>
        ) : (
          <Box style={{ overflowX: 'auto' }}>
            <Box miw={720}>
              <DashboardGrid
                widgets={draft.widgets}
                editable
                onPlacesChange={editor.setPlaces}
                renderWidget={(widget) => (
                  <WidgetCard
                    widget={widget}
                    result={results.results[widget.id]}
                    loading={results.loading}
                    onPage={(page) => results.setPage(widget.id, page)}
                    actions={
                      <WidgetActions
                        onConfigure={() => configure(widget)}
                        onDuplicate={() => editor.duplicateWidget(widget.id)}
                        onRemove={() => editor.removeWidget(widget.id)}
                      />
                    }
                  />
                )}
              />
            </Box>
          </Box>
        )}
      </Stack>
      <WidgetSettingsModal
        widget={configuring}
        onCancel={() => {
          if (configuring && configuring.id === fresh) editor.removeWidget(configuring.id);
          setConfiguring(null);
        }}
        onSave={(config) => {
          if (configuring) editor.setConfig(configuring.id, config);
          setConfiguring(null);
        }}
      />
      {versions.dialogs}
      {unsaved.dialog}
    </form>
  );
}
