import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import type { Entity, RecordValue, Table, TableField } from '@ponte/shared/db-tables.schema';
import { messages } from '@ponte/shared/messages';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { useSavedValue } from '../../lib/unsaved/use-saved-value';
import { useUnsavedChanges } from '../../lib/unsaved/use-unsaved-changes';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { useCreateRecord } from './api/create-record';
import { useRecord } from './api/get-record';
import { useTable } from './api/get-table';
import { useUpdateRecord } from './api/update-record';
import { fromFormValue, toFormValue } from './record-values';
import type { FormValue } from './record-values';

const sortedFields = (table: Table) => [...table.fields].sort((a, b) => a.position - b.position);

/**
 * /database/entities/new/{table_id} and /database/entities/edit/{entity_id} (spec 2 'Record
 * editor'): new or edit is decided by the entity id.
 */
export function RecordFormPage() {
  const { tableId: newTableId, entityId } = useParams();
  const navigate = useNavigate();
  const record = useRecord(entityId);
  const tableId = entityId ? record.data?.table : newTableId;
  const table = useTable(tableId);

  const failure = record.error ?? table.error;
  let content;
  if (failure) {
    content = (
      <Stack align="flex-start">
        <Alert color="red" variant="light">
          {errorMessage(failure)}
        </Alert>
        <Button
          variant="default"
          onClick={() =>
            void navigate(tableId ? `/database/entities/${tableId}` : '/database/tables')
          }
        >
          Voltar
        </Button>
      </Stack>
    );
  } else if (!table.data || (entityId && !record.data)) {
    content = <Loader size="sm" aria-label="Carregando" />;
  } else {
    content = <RecordForm key={entityId ?? 'new'} table={table.data} record={record.data} />;
  }

  const title = `${entityId ? 'Editar registro' : 'Novo registro'}${table.data ? ` - ${table.data.name}` : ''}`;
  return (
    <>
      <PageHeader
        title={title}
        description={
          entityId ? (
            <>
              ID: <Code>{entityId}</Code>
            </>
          ) : undefined
        }
      />
      <Paper withBorder radius="md" p="lg" maw={760}>
        {content}
      </Paper>
    </>
  );
}

function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: TableField;
  value: FormValue;
  error: string | undefined;
  onChange: (value: FormValue) => void;
}) {
  const label = field.label || field.name;
  const common = { label, withAsterisk: field.is_required, error };
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'boolean':
      return (
        <Checkbox
          label={label}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'longtext':
      return (
        <Textarea
          {...common}
          rows={5}
          maxLength={field.length ?? undefined}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <TextInput
          {...common}
          type={field.type === 'date' ? 'date' : 'datetime-local'}
          step={field.type === 'datetime' ? 1 : undefined}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'integer':
    case 'float':
      return (
        <TextInput
          {...common}
          inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          maxLength={field.length ?? undefined}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

function RecordForm({ table, record }: { table: Table; record: Entity | undefined }) {
  const saveDenied = useCan('records.write').reason;
  const navigate = useNavigate();
  const create = useCreateRecord();
  const update = useUpdateRecord();
  const saving = create.isPending || update.isPending;
  const fields = sortedFields(table);
  const [initial] = useState<Record<string, FormValue>>(() =>
    Object.fromEntries(
      fields.map((field) => [field.name, toFormValue(field, record?.data[field.name])]),
    ),
  );
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const unsaved = useUnsavedChanges(useSavedValue(values).dirty);
  const backTo = `/database/entities/${table._id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const data: Record<string, RecordValue> = {};
    const found: Record<string, string> = {};
    for (const field of fields) {
      const value = values[field.name] ?? '';
      const result = fromFormValue(field, value);
      if ('error' in result) found[field.name] = result.error;
      // An edit sends only what the person changed: the server keeps every other value
      // as stored, those this form does not show or shows rounded included (docs/adr/0069).
      else if (!record || value !== initial[field.name]) data[field.name] = result.value;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      if (record) await update.mutateAsync({ id: record._id, table: table._id, data });
      else await create.mutateAsync({ table: table._id, data });
      toast.success(messages.records.saved);
      unsaved.allowNextNavigation();
      void navigate(backTo);
    } catch (failure) {
      toast.error(messages.records.saveError(errorMessage(failure)));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {fields.length ? null : <Text c="dimmed">Esta tabela não tem campos.</Text>}
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.name]: value }));
              setErrors(({ [field.name]: _, ...rest }) => rest);
            }}
          />
        ))}
        <Group justify="space-between" gap="sm" mt="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => void navigate(backTo)}
            disabled={saving}
          >
            Voltar para a lista
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
