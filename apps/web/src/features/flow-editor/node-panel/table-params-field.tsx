import { ActionIcon, Button, Checkbox, Input, Select, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ParamSpec, TableColumn } from '@ponte/shared/flow/node-manifest.schema';
import { ExpressionButton } from '../expression-editor/expression-button';

type TableSpec = Extract<ParamSpec, { type: 'table-params' }>;
type Row = Record<string, unknown>;

interface TableParamsFieldProps {
  name: string;
  spec: TableSpec;
  value: unknown;
  /** The column whose value names an output of the node (a switch's rules). */
  outputColumn?: string;
  onChange: (name: string, value: unknown) => void;
  /** Text cells take `{{ }}`: the expression editor's sample and flow (ParamField's). */
  expression?: {
    flowId: string | null | undefined;
    sample: Record<string, unknown> | null | undefined;
  };
}

function emptyRow(columns: TableColumn[]): Row {
  return Object.fromEntries(
    columns.map((column) => [
      column.key,
      column.type === 'boolean'
        ? false
        : column.type === 'select'
          ? (column.options?.[0]?.value ?? '')
          : '',
    ]),
  );
}

const checked = (value: unknown) => value === true || value === 'true';

/** Narrowest useful width of a column, by kind; past their sum the table scrolls sideways. */
const columnWidth = (column: TableColumn) => (column.type === 'boolean' ? 84 : 104);
const removeWidth = 36;

function Cell({
  column,
  value,
  row,
  onChange,
  expression,
}: {
  column: TableColumn;
  value: unknown;
  row: number;
  onChange: (value: unknown) => void;
  expression: TableParamsFieldProps['expression'];
}) {
  const label = `${column.label} (linha ${row + 1})`;
  if (column.type === 'boolean') {
    return (
      <Checkbox
        aria-label={label}
        checked={checked(value)}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    );
  }
  if (column.type === 'select') {
    return (
      <Select
        size="xs"
        aria-label={label}
        data={column.options ?? []}
        value={typeof value === 'string' && value ? value : null}
        allowDeselect={false}
        onChange={(next) => onChange(next ?? '')}
      />
    );
  }
  const text = value === undefined || value === null ? '' : String(value);
  return (
    <TextInput
      size="xs"
      aria-label={label}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        expression && (
          <ExpressionButton
            label={label}
            value={text}
            flowId={expression.flowId}
            sample={expression.sample}
            onApply={onChange}
          />
        )
      }
    />
  );
}

/** A list of rows, one input per declared column; the param holds plain objects. */
export function TableParamsField({
  name,
  spec,
  value,
  outputColumn,
  onChange,
  expression,
}: TableParamsFieldProps) {
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : (spec.default ?? []);
  const output = spec.columns.find((column) => column.key === outputColumn);
  const description = [
    spec.description,
    output && `Cada linha cria uma saída do conector, com o nome da coluna "${output.label}".`,
  ]
    .filter(Boolean)
    .join(' ');

  const setCell = (index: number, key: string, cell: unknown) =>
    onChange(
      name,
      rows.map((row, at) => (at === index ? { ...row, [key]: cell } : row)),
    );

  return (
    <Input.Wrapper
      label={spec.label}
      labelElement="div"
      description={description || undefined}
      withAsterisk={spec.required}
    >
      <Table.ScrollContainer
        minWidth={spec.columns.reduce((sum, column) => sum + columnWidth(column), removeWidth)}
        type="native"
        mt={4}
      >
        <Table aria-label={spec.label} verticalSpacing={4} horizontalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              {spec.columns.map((column) => (
                <Table.Th
                  key={column.key}
                  miw={column.type === 'boolean' ? columnWidth(column) : undefined}
                >
                  <Text size="xs" fw={600}>
                    {column.label}
                  </Text>
                </Table.Th>
              ))}
              <Table.Th w={removeWidth} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={spec.columns.length + 1}>
                  <Text size="xs" c="dimmed">
                    Nenhuma linha.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row, index) => (
              // Rows have no identity of their own; inputs are controlled, so the index is enough.
              <Table.Tr key={index}>
                {spec.columns.map((column) => (
                  <Table.Td key={column.key}>
                    <Cell
                      column={column}
                      value={row?.[column.key]}
                      row={index}
                      onChange={(cell) => setCell(index, column.key, cell)}
                      expression={expression}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label="Remover linha"
                    onClick={() =>
                      onChange(
                        name,
                        rows.filter((_, at) => at !== index),
                      )
                    }
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Button
        size="xs"
        variant="light"
        mt={4}
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange(name, [...rows, emptyRow(spec.columns)])}
      >
        Adicionar linha
      </Button>
    </Input.Wrapper>
  );
}
