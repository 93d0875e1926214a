import { useMemo } from 'react';
import { Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { expressionPath } from '../../../components/json-path';
import { schemaItemLimit, schemaOf } from './data-schema';
import { fieldDragProps } from './field-drag';
import classes from './node-data.module.css';

interface DataSchemaViewProps {
  messages: readonly Record<string, unknown>[];
  selected: string | null;
  onSelect: (path: string) => void;
}

/** The messages' fields with their kinds and how many items have each ('Esquema'). */
export function DataSchemaView({ messages, selected, onSelect }: DataSchemaViewProps) {
  const { fields, read } = useMemo(() => schemaOf(messages), [messages]);
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        As mensagens não têm campos.
      </Text>
    );
  }
  return (
    <>
      {messages.length > schemaItemLimit ? (
        <Text size="xs" c="dimmed">
          Esquema dos primeiros {schemaItemLimit.toLocaleString('pt-BR')} itens.
        </Text>
      ) : null}
      <Table fz="xs" withTableBorder aria-label="Esquema dos itens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Campo</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Itens</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => {
            const path = expressionPath('msg', field.segments);
            return (
              <Table.Tr key={field.label}>
                <Table.Td style={{ paddingLeft: 8 + field.depth * 14 }}>
                  <UnstyledButton
                    className={classes.field}
                    data-selected={selected === path || undefined}
                    title={path}
                    onClick={() => onSelect(path)}
                    {...fieldDragProps(path)}
                  >
                    {field.label.slice(field.label.lastIndexOf('.') + 1)}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {field.kinds.map((kind) => (
                      <Badge key={kind} size="xs" variant="light" color="gray">
                        {kind}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td c="dimmed">
                  {field.count} de {read}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}
