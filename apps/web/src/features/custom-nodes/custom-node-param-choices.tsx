import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type {
  CustomNodeParamColumn,
  CustomNodeParamOption,
} from '@ponte/shared/custom-nodes.schema';
import { limits } from '@ponte/shared/limits';

interface RowsEditorProps<Row> {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  /** The param's number in the list (from 1). */
  n: number;
  /** 'opção' or 'coluna'. */
  noun: string;
  /** The two texts of a row: which key and how its input is named. */
  fields: [keyof Row & string, string][];
  blank: Row;
  /** Issues of this list (its rows and the list itself). */
  errors: string[];
}

/** Rows of two texts with add and remove: a select's options or a table's columns. */
function RowsEditor<Row extends Record<string, unknown>>({
  rows,
  onChange,
  n,
  noun,
  fields,
  blank,
  errors,
}: RowsEditorProps<Row>) {
  const change = (index: number, key: string, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  const title = noun === 'opção' ? 'Opções' : 'Colunas';
  return (
    <Stack gap="xs" role="group" aria-label={`${title} do parâmetro ${n}`}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {rows.map((row, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="wrap">
          {fields.map(([key, label]) => (
            <TextInput
              key={key}
              style={{ flex: '1 1 140px', minWidth: 0 }}
              label={`${label} da ${noun} ${index + 1}`}
              maxLength={500}
              value={String(row[key] ?? '')}
              onChange={(event) => change(index, key, event.currentTarget.value)}
            />
          ))}
          <ActionIcon
            mb={4}
            variant="subtle"
            color="red"
            aria-label={`Remover a ${noun} ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {errors.map((error) => (
        <Text key={error} size="xs" c="red">
          {error}
        </Text>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={rows.length >= limits.customNodeParamOptionsMax}
          onClick={() => onChange([...rows, blank])}
        >
          {noun === 'opção' ? 'Adicionar opção' : 'Adicionar coluna'}
        </Button>
      </Group>
    </Stack>
  );
}

interface OptionsProps {
  options: CustomNodeParamOption[];
  onChange: (options: CustomNodeParamOption[]) => void;
  n: number;
  errors: string[];
}

/** A select param's options: label and value of each. */
export function CustomNodeParamOptions({ options, onChange, n, errors }: OptionsProps) {
  return (
    <RowsEditor
      rows={options}
      onChange={onChange}
      n={n}
      noun="opção"
      fields={[
        ['label', 'Label'],
        ['value', 'Valor'],
      ]}
      blank={{ label: '', value: '' }}
      errors={errors}
    />
  );
}

interface ColumnsProps {
  columns: CustomNodeParamColumn[];
  onChange: (columns: CustomNodeParamColumn[]) => void;
  n: number;
  errors: string[];
}

/** A table-params param's columns: key and label of each (always text). */
export function CustomNodeParamColumns({ columns, onChange, n, errors }: ColumnsProps) {
  return (
    <RowsEditor
      rows={columns}
      onChange={onChange}
      n={n}
      noun="coluna"
      fields={[
        ['key', 'Chave'],
        ['label', 'Label'],
      ]}
      blank={{ key: '', label: '', type: 'text' }}
      errors={errors}
    />
  );
}
