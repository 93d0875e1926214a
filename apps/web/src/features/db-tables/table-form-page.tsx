import { useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { checkTableStructure, tableFieldBodySchema } from '@ponte/shared/db-tables.schema';
import type { TableBody, TableFieldBody } from '@ponte/shared/db-tables.schema';
import { messages } from '@ponte/shared/messages';
import { ConfirmModal } from '../../components/confirm-modal';
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
import { useCreateTable } from './api/create-table';
import { useTable } from './api/get-table';
import type { VersionedTable } from './api/get-table';
import { useUpdateTable } from './api/update-table';
import { downloadTableFile, readTableFile } from './table-file';
import type { TableFile } from './table-file';
import { TableFieldRow } from './table-field-row';
import type { EditorField } from './table-field-row';
import { TableFieldsList } from './table-fields-list';
import { FieldRemovalDialogs } from './field-removal-dialogs';
import { useFieldRemoval } from './use-field-removal';
import { tableVersionLabels } from './table-version-labels';

const m = messages.tables;
let nextKey = 0;

/** A field for the editor; `stored` for a field loaded from the table (it may be renamed). */
function toEditorField(field: Partial<TableFieldBody>, stored = false): EditorField {
  nextKey += 1;
  return {
    key: `field-${nextKey}`,
    previousName: stored && field.name ? field.name : null,
    name: field.name ?? '',
    label: field.label ?? '',
    type: field.type ?? '',
    length: typeof field.length === 'number' ? field.length : null,
    default_value: field.default_value ?? '',
    is_unique: field.is_unique ?? false,
    is_required: field.is_required ?? false,
  };
}

function toBodyField(field: EditorField, position: number): TableFieldBody {
  return {
    name: field.name.trim(),
    label: field.label.trim(),
    type: field.type,
    length: field.length,
    default_value: field.default_value === '' ? null : field.default_value,
    is_unique: field.is_unique,
    is_required: field.is_required,
    position,
    ...(field.previousName ? { previous_name: field.previousName } : {}),
  };
}

/** The errors listed under 'Erros encontrados:': the name, then spec 2 §5's field rules. */
export function structureErrors(name: string, fields: EditorField[]): string[] {
  const errors = name.trim() ? [] : [m.nameRequired];
  const parsed = fields.map((field, index) =>
    tableFieldBodySchema.parse(toBodyField(field, index)),
  );
  return [...errors, ...checkTableStructure(parsed)];
}

/** /database/tables/new and /database/tables/edit/{id} (spec 2 'Database tables'). */
export function TableFormPage() {
  const { tableId } = useParams();
  const existing = useTable(tableId);
  const { generation, reload } = useEditorReload(existing.refetch);

  return (
    <>
      <PageHeader title={tableId ? 'Editar tabela' : 'Nova tabela'} />
      <LoadedForm editing={Boolean(tableId)} query={existing} backTo="/database/tables">
        {() => (
          <TableForm
            key={`${tableId ?? 'new'}-${generation}`}
            id={tableId}
            table={existing.data}
            reload={reload}
          />
        )}
      </LoadedForm>
    </>
  );
}

function useFieldList(initial: EditorField[]) {
  const [fields, setFields] = useState(initial);
  return {
    fields,
    setFields,
    add: () => setFields((list) => [...list, toEditorField({ type: 'string', length: 255 })]),
    change: (index: number, patch: Partial<EditorField>) =>
      setFields((list) => list.map((field, i) => (i === index ? { ...field, ...patch } : field))),
    move: (from: number, to: number) =>
      setFields((list) => {
        const next = [...list];
        const [moved] = next.splice(from, 1);
        if (moved) next.splice(to, 0, moved);
        return next;
      }),
    removeKey: (key: string) => setFields((list) => list.filter((field) => field.key !== key)),
  };
}

function TableForm({
  id,
  table,
  reload,
}: {
  id: string | undefined;
  table: VersionedTable | undefined;
  reload: () => Promise<unknown>;
}) {
  const saveDenied = useCan('tables.write').reason;
  const navigate = useNavigate();
  const create = useCreateTable();
  const update = useUpdateTable();
  const saving = create.isPending || update.isPending;
  const groups = useGroupOptions();
  const newItemGroup = useNewItemGroup();
  const [name, setName] = useState(table?.name ?? m.newName);
  const [group, setGroup] = useState<string | null>(table ? table.group : newItemGroup);
  const [applyDefaults, setApplyDefaults] = useState(
    table?.apply_default_values_new_fields ?? false,
  );
  const list = useFieldList(
    table
      ? [...table.fields]
          .sort((a, b) => a.position - b.position)
          .map((field) => toEditorField(field, true))
      : [],
  );
  const removal = useFieldRemoval(id, list.removeKey);
  // Once a save was refused, the list follows the edits: a fixed error leaves it at once.
  const [checked, setChecked] = useState(false);
  const errors = useMemo(
    () => (checked ? structureErrors(name, list.fields) : []),
    [checked, name, list.fields],
  );
  const [pendingImport, setPendingImport] = useState<Partial<TableFile> | null>(null);
  const body: TableBody = {
    name: name.trim(),
    group: group || null,
    apply_default_values_new_fields: applyDefaults,
    fields: list.fields.map(toBodyField),
  };
  const { dirty } = useSavedValue(body);
  const unsaved = useUnsavedChanges(dirty);
  const versions = useVersionedEditor({
    resource: id ? { kind: 'db_table', id } : null,
    loaded: table?.version,
    dirty,
    labels: tableVersionLabels,
    reload,
  });

  const groupData = (groups.data?.items ?? []).map((item) => ({
    value: item._id,
    label: item.name,
  }));

  const applyImport = (file: Partial<TableFile>) => {
    list.setFields((file.fields ?? []).map((field) => toEditorField(field)));
    if (!id && file.name) setName(file.name);
    if (file.apply_default_values_new_fields !== undefined)
      setApplyDefaults(file.apply_default_values_new_fields);
    setChecked(false);
    setPendingImport(null);
  };

  // Cleared after each pick, so that picking the same file again (after a cancel) reads it again.
  const resetFile = useRef<() => void>(null);
  const pickFile = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    try {
      const read = await readTableFile(file);
      if (list.fields.length) setPendingImport(read);
      else applyImport(read);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const exportFile = () =>
    downloadTableFile({
      name: name.trim() || m.newName,
      apply_default_values_new_fields: applyDefaults,
      fields: list.fields.map(toBodyField),
    });

  /** Saves; `confirmed`: the stored names whose values the person agreed to delete. */
  const save = async (confirmed: string[]) => {
    const sent: TableBody = {
      ...body,
      ...(confirmed.length ? { confirm_remove_values: confirmed } : {}),
    };
    try {
      if (id)
        versions.saved(await update.mutateAsync({ id, body: { ...sent, ...versions.stamp() } }));
      else await create.mutateAsync(sent);
      toast.success(m.saved);
      unsaved.allowNextNavigation();
      void navigate('/database/tables');
    } catch (failure) {
      if (versions.refuse(failure, () => void save(confirmed))) return;
      if (!removal.refuse(failure)) toast.error(m.saveError(errorMessage(failure)));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = structureErrors(name, list.fields);
    setChecked(true);
    if (found.length || saving) return;
    void save(removal.confirmed);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Nome da tabela"
              withAsterisk
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
          </SimpleGrid>
          <Checkbox
            mt="md"
            label="Aplicar valores padrão aos registros existentes quando um campo for adicionado"
            checked={applyDefaults}
            onChange={(event) => setApplyDefaults(event.currentTarget.checked)}
          />
        </Paper>

        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>Campos</Text>
          <Group gap="sm">
            {versions.historyButton}
            {
              <ImportJsonButton
                denied={saveDenied}
                resetRef={resetFile}
                onPick={(file) => void pickFile(file)}
              />
            }
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportFile}>
              Exportar
            </Button>
          </Group>
        </Group>

        {list.fields.length ? null : (
          <Text size="sm" c="dimmed">
            Nenhum campo ainda: adicione um campo ou importe uma estrutura.
          </Text>
        )}
        <TableFieldsList fields={list.fields} onMove={list.move}>
          {list.fields.map((field, index) => (
            <TableFieldRow
              key={field.key}
              field={field}
              index={index}
              count={list.fields.length}
              onChange={(patch) => list.change(index, patch)}
              onMove={(to) => list.move(index, to)}
              onRemove={() => void removal.request(field)}
            />
          ))}
        </TableFieldsList>
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={list.add}>
            Adicionar campo
          </Button>
        </Group>

        {errors.length ? (
          <Alert color="red" variant="light" title={m.errorsFound}>
            <List size="sm">
              {errors.map((error) => (
                <List.Item key={error}>{error}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => void navigate('/database/tables')}
            disabled={saving}
          >
            Cancelar
          </Button>
          <DeniedButton type="submit" loading={saving} denied={saveDenied}>
            Salvar
          </DeniedButton>
        </Group>
      </Stack>
      <ConfirmModal
        opened={pendingImport !== null}
        title="Importar estrutura"
        message="Os campos atuais serão substituídos pelos do arquivo. Deseja continuar?"
        onConfirm={() => pendingImport && applyImport(pendingImport)}
        onCancel={() => setPendingImport(null)}
      />
      <FieldRemovalDialogs removal={removal} onSaveConfirmed={(names) => void save(names)} />
      {versions.dialogs}
      {unsaved.dialog}
    </form>
  );
}
