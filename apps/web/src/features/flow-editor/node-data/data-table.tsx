import { useMemo } from 'react';
import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { expressionPath } from '../../../components/json-path';
import { fieldDragProps } from './field-drag';
import { cellText, columnsOf, valueAt, type DataColumn, type Segment } from './node-data-model';
import classes from './node-data.module.css';

/** Columns shown; the rest are counted ('e mais 12 colunas'). */
export const maxColumns = 30;

interface DataTableProps {
  /** Every row (messages, or the elements of one of their arrays). */
  rows: readonly unknown[];
  /** The rows of the current page: `[index in rows, row]`. */
  page: readonly (readonly [number, unknown])[];
  /** Where the rows sit in a message: [] for messages, ['payload'] for the rows of payload. */
  base: Segment[];
  /** The output each row left by, shown when the rows are messages of several outputs. */
  outputOf?: (index: number) => string | undefined;
  outputLabel: (name: string) => string;
  selected: string | null;
  onSelect: (path: string) => void;
}

/**
 * Rows as a table: one column per key (nested objects one level down as `payload.nome`),
 * capped at 30. Headers and cells can be dragged or clicked as fields.
 */
export function DataTable({
  rows,
  page,
  base,
  outputOf,
  outputLabel,
  selected,
  onSelect,
}: DataTableProps) {
  const columns = useMemo(() => columnsOf(rows), [rows]);
  const shown = columns.slice(0, maxColumns);
  const hidden = columns.length - shown.length;
  // Rows of an array are addressed by index in a cell, and as the whole array in a header
  // (JSONata maps `msg.payload.nome` over the array).
  const cellPath = (index: number, column: DataColumn) =>
    expressionPath('msg', base.length > 0 ? [...base, index, ...column.segments] : column.segments);
  const headerPath = (column: DataColumn) => expressionPath('msg', [...base, ...column.segments]);

  const field = (path: string, text: string, label: string) => (
    <UnstyledButton
      className={classes.field}
      data-selected={selected === path || undefined}
      title={path}
      aria-label={label}
      onClick={() => onSelect(path)}
      {...fieldDragProps(path)}
    >
      {text}
    </UnstyledButton>
  );

  return (
    <>
      <Table.ScrollContainer minWidth={Math.min(shown.length, 6) * 140} type="native">
        <Table
          striped
          withTableBorder
          withColumnBorders
          fz="xs"
          className={classes.table}
          aria-label="Itens em tabela"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              {outputOf ? <Table.Th>Saída</Table.Th> : null}
              {shown.map((column) => (
                <Table.Th key={column.id}>
                  {field(headerPath(column), column.id || '(valor)', column.id || '(valor)')}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.map(([index, row]) => {
              const output = outputOf?.(index);
              return (
                <Table.Tr key={index}>
                  <Table.Td c="dimmed">{index + 1}</Table.Td>
                  {outputOf ? (
                    <Table.Td>
                      {output ? (
                        <Badge size="xs" variant="light">
                          {outputLabel(output)}
                        </Badge>
                      ) : null}
                    </Table.Td>
                  ) : null}
                  {shown.map((column) => {
                    const value = valueAt(row, column.segments);
                    const path = cellPath(index, column);
                    return (
                      <Table.Td key={column.id}>
                        {value === undefined
                          ? null
                          : field(path, cellText(value), `${column.id || 'valor'} ${index + 1}`)}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hidden > 0 ? (
        <Text size="xs" c="dimmed">
          Mostrando {maxColumns} de {columns.length} colunas: e mais {hidden}{' '}
          {hidden === 1 ? 'coluna' : 'colunas'} no JSON e no Esquema.
        </Text>
      ) : null}
    </>
  );
}
