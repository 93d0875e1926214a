import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Input, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { parseBrNumber } from '@ponte/shared/brazil/numbers';
import type { FieldFilter, TableField } from '@ponte/shared/db-tables.schema';
import { messages } from '@ponte/shared/messages';

export type FieldFilters = Record<string, FieldFilter>;

interface Draft {
  contains?: string;
  from?: string;
  to?: string;
  equals?: string;
}

function toDraft(filter: FieldFilter | undefined): Draft {
  if (!filter) return {};
  if ('contains' in filter) return { contains: filter.contains };
  if ('equals' in filter) return { equals: filter.equals ? 'true' : 'false' };
  return {
    from: filter.from === null || filter.from === undefined ? '' : String(filter.from),
    to: filter.to === null || filter.to === undefined ? '' : String(filter.to),
  };
}

const isNumeric = (field: TableField) => field.type === 'integer' || field.type === 'float';

/** A number bound typed that is not a number ('1.234,56' and '1234.56' are; docs/adr/0077). */
const notANumber = (field: TableField, text: string | undefined) =>
  isNumeric(field) && !!text?.trim() && parseBrNumber(text) === null;

/** A draft → the API's filter of one field; undefined when the draft filters nothing. */
function fromDraft(field: TableField, draft: Draft): FieldFilter | undefined {
  switch (field.type) {
    case 'boolean':
      return draft.equals ? { equals: draft.equals === 'true' } : undefined;
    case 'string':
    case 'longtext':
      return draft.contains?.trim() ? { contains: draft.contains.trim() } : undefined;
    default: {
      const read = (text: string | undefined) => {
        const value = text?.trim();
        if (!value) return undefined;
        if (!isNumeric(field)) return value;
        return parseBrNumber(value) ?? undefined;
      };
      const from = read(draft.from);
      const to = read(draft.to);
      if (from === undefined && to === undefined) return undefined;
      return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
    }
  }
}

function FieldFilterInput({
  field,
  draft,
  onChange,
}: {
  field: TableField;
  draft: Draft;
  onChange: (draft: Draft) => void;
}) {
  const label = field.label || field.name;
  if (field.type === 'boolean') {
    return (
      <Select
        label={label}
        data={[
          { value: '', label: 'Todos' },
          { value: 'true', label: 'Sim' },
          { value: 'false', label: 'Não' },
        ]}
        value={draft.equals ?? ''}
        allowDeselect={false}
        onChange={(value) => onChange({ equals: value ?? '' })}
      />
    );
  }
  if (field.type === 'string' || field.type === 'longtext') {
    return (
      <TextInput
        label={label}
        placeholder="Contém"
        value={draft.contains ?? ''}
        onChange={(event) => onChange({ contains: event.currentTarget.value })}
      />
    );
  }
  const type =
    field.type === 'date' ? 'date' : field.type === 'datetime' ? 'datetime-local' : 'text';
  const range = (key: 'from' | 'to', placeholder: string) => (
    <TextInput
      aria-label={`${label}: ${placeholder}`}
      placeholder={placeholder}
      type={type}
      inputMode={isNumeric(field) ? 'decimal' : undefined}
      error={notANumber(field, draft[key])}
      value={draft[key] ?? ''}
      onChange={(event) => onChange({ ...draft, [key]: event.currentTarget.value })}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
  const invalid = notANumber(field, draft.from) || notANumber(field, draft.to);
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      error={invalid ? messages.generic.invalidNumber : undefined}
    >
      <Group gap={6} wrap="nowrap">
        {range('from', 'De')}
        {range('to', 'Até')}
      </Group>
    </Input.Wrapper>
  );
}

interface RecordFiltersProps {
  fields: TableField[];
  value: FieldFilters;
  onApply: (filters: FieldFilters) => void;
}

/** A filter per field by type: text contains, number and date ranges, boolean. */
export function RecordFilters({ fields, value, onApply }: RecordFiltersProps) {
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, toDraft(value[field.name])])),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = (field: TableField) => drafts[field.name] ?? {};
    if (
      fields.some(
        (field) => notANumber(field, typed(field).from) || notANumber(field, typed(field).to),
      )
    )
      return;
    const filters: FieldFilters = {};
    for (const field of fields) {
      const filter = fromDraft(field, drafts[field.name] ?? {});
      if (filter) filters[field.name] = filter;
    }
    onApply(filters);
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="Filtros">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {fields.map((field) => (
          <FieldFilterInput
            key={field.name}
            field={field}
            draft={drafts[field.name] ?? {}}
            onChange={(draft) => setDrafts((current) => ({ ...current, [field.name]: draft }))}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button
          variant="default"
          onClick={() => {
            setDrafts({});
            onApply({});
          }}
        >
          Limpar
        </Button>
        <Button type="submit">Filtrar</Button>
      </Group>
    </Paper>
  );
}
