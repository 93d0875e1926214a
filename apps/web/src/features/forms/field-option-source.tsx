import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormField, FormOption } from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import { useTableNames } from '../../lib/db-tables/api/get-table-names';
import { useTableColumns } from './api/get-table-columns';

type SourcePatch = Partial<
  Pick<
    FormField,
    | 'options'
    | 'options_source_type'
    | 'options_source_table'
    | 'options_source_value_field'
    | 'options_source_label_field'
  >
>;

interface SourceProps {
  field: FormField;
  onChange: (patch: SourcePatch) => void;
}

function ManualOptions({ field, onChange }: SourceProps) {
  const isTable = field.type === 'table';
  const noun = isTable ? 'coluna' : 'opção';
  const change = (index: number, patch: Partial<FormOption>) =>
    onChange({
      options: field.options.map((option, i) => (i === index ? { ...option, ...patch } : option)),
    });
  return (
    <Stack gap="xs">
      {field.options.map((option, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 140px', minWidth: 0 }}
            label={`Label da ${noun} ${index + 1}`}
            maxLength={limits.formLabelMax}
            value={option.label}
            onChange={(event) => change(index, { label: event.currentTarget.value })}
          />
          <TextInput
            style={{ flex: '1 1 140px', minWidth: 0 }}
            label={`Valor da ${noun} ${index + 1}`}
            maxLength={limits.formLabelMax}
            value={option.value}
            onChange={(event) => change(index, { value: event.currentTarget.value })}
          />
          {isTable ? (
            <Checkbox
              mb={8}
              label="obrigatório"
              aria-label={`Coluna ${index + 1} obrigatória`}
              checked={option.is_required ?? false}
              onChange={(event) => change(index, { is_required: event.currentTarget.checked })}
            />
          ) : null}
          <ActionIcon
            mb={4}
            variant="subtle"
            color="red"
            aria-label={`Remover a ${noun} ${index + 1}`}
            onClick={() => onChange({ options: field.options.filter((_, i) => i !== index) })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={field.options.length >= limits.formOptionsMax}
          onClick={() =>
            onChange({
              options: [
                ...field.options,
                isTable ? { label: '', value: '', is_required: false } : { label: '', value: '' },
              ],
            })
          }
        >
          {isTable ? 'Adicionar coluna' : 'Adicionar opção'}
        </Button>
      </Group>
    </Stack>
  );
}

function DatabaseSource({ field, onChange }: SourceProps) {
  const { tables, isPending } = useTableNames();
  const { columns } = useTableColumns(field.options_source_table);
  const tableData = tables.map((table) => ({ value: table._id, label: table.name }));
  const columnData = columns.map((column) => ({
    value: column.name,
    label: column.label ? `${column.label} (${column.name})` : column.name,
  }));
  const valueData = [{ value: '_id', label: 'ID do registro (_id)' }, ...columnData];
  const known = (data: { value: string }[], value: string) =>
    value && data.some((item) => item.value === value) ? value : null;
  return (
    <Stack gap="xs">
      <Select
        label="Tabela do banco de dados"
        withAsterisk
        placeholder={isPending ? 'Carregando…' : 'Escolha uma tabela'}
        searchable
        nothingFoundMessage="Nenhuma tabela encontrada"
        data={tableData}
        value={known(tableData, field.options_source_table)}
        onChange={(value) =>
          onChange({
            options_source_table: value ?? '',
            options_source_value_field: '_id',
            options_source_label_field: '',
          })
        }
      />
      {field.type === 'table' ? (
        <Text size="xs" c="dimmed">
          As colunas da tabela do form são as colunas da tabela escolhida.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Coluna de valor"
            withAsterisk
            data={valueData}
            value={known(valueData, field.options_source_value_field)}
            disabled={!field.options_source_table}
            onChange={(value) => onChange({ options_source_value_field: value ?? '' })}
          />
          <Select
            label="Coluna de label"
            withAsterisk
            data={columnData}
            value={known(columnData, field.options_source_label_field)}
            disabled={!field.options_source_table}
            onChange={(value) => onChange({ options_source_label_field: value ?? '' })}
          />
        </SimpleGrid>
      )}
      <Text size="xs" c="dimmed">
        O formulário mostra no máximo {limits.formOptionRecordsMax} registros.
      </Text>
    </Stack>
  );
}

/** The options of a list field (or the columns of a table field): typed here or from a table. */
export function FieldOptionSource({ field, onChange }: SourceProps) {
  const isTable = field.type === 'table';
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {isTable ? 'Colunas' : 'Opções'}
      </Text>
      <SegmentedControl
        aria-label="Origem das opções"
        data={[
          { value: '', label: 'Lista manual' },
          { value: 'database', label: 'Tabela do banco de dados' },
        ]}
        value={field.options_source_type}
        onChange={(value) =>
          onChange({ options_source_type: value === 'database' ? 'database' : '' })
        }
      />
      {field.options_source_type === 'database' ? (
        <DatabaseSource field={field} onChange={onChange} />
      ) : (
        <ManualOptions field={field} onChange={onChange} />
      )}
    </Stack>
  );
}
