import { useState, type DragEvent } from 'react';
import { ActionIcon, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { dataPathDragType } from '../run-data/run-data-types';
import { expressionChildPath } from '../../../components/json-path';
import type { SampleField } from './sample-fields';

export interface FieldTreeProps {
  fields: SampleField[];
  variableKeys: string[];
  /** Inserts `{{ path }}` in the template. */
  onInsert: (text: string) => void;
}

const template = (path: string) => `{{ ${path} }}`;

function startDrag(event: DragEvent, path: string) {
  event.dataTransfer.setData('text/plain', template(path));
  event.dataTransfer.setData(dataPathDragType, path);
  event.dataTransfer.effectAllowed = 'copy';
}

function FieldRow({
  path,
  label,
  type,
  onInsert,
}: {
  path: string;
  label: string;
  type?: string;
  onInsert: (text: string) => void;
}) {
  return (
    <UnstyledButton
      draggable
      onDragStart={(event) => startDrag(event, path)}
      onClick={() => onInsert(template(path))}
      title={`Inserir ${template(path)}`}
      aria-label={`Inserir ${path}`}
      style={{ flex: 1, minWidth: 0, cursor: 'grab' }}
    >
      <Group gap={6} wrap="nowrap">
        <Text size="sm" ff="monospace" truncate>
          {label}
        </Text>
        {type && (
          <Badge size="xs" variant="light" color="gray">
            {type}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

function FieldNode({
  field,
  depth,
  onInsert,
}: {
  field: SampleField;
  depth: number;
  onInsert: (text: string) => void;
}) {
  const [open, setOpen] = useState(depth === 0);
  const toggle = open ? 'Recolher' : 'Expandir';
  return (
    <Stack gap={2}>
      <Group gap={2} wrap="nowrap" pl={depth * 14}>
        {field.children.length ? (
          <ActionIcon
            size="xs"
            variant="subtle"
            aria-label={`${toggle} ${field.key}`}
            onClick={() => setOpen(!open)}
          >
            {open ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
          </ActionIcon>
        ) : (
          <span style={{ width: 18, flexShrink: 0 }} />
        )}
        <FieldRow path={field.path} label={field.key} type={field.type} onInsert={onInsert} />
      </Group>
      {open &&
        field.children.map((child) => (
          <FieldNode key={child.key} field={child} depth={depth + 1} onInsert={onInsert} />
        ))}
    </Stack>
  );
}

/**
 * The sample message's fields (`msg.…`) and the variable names (`vars.…`): a click inserts
 * `{{ path }}` at the template's cursor; a drag carries the same text (and the path as
 * `dataPathDragType`), as the node panel's data views do.
 */
export function FieldTree({ fields, variableKeys, onInsert }: FieldTreeProps) {
  return (
    <Stack gap="sm">
      <Stack gap={2} role="group" aria-label="Campos da mensagem">
        <Text size="xs" fw={600} c="dimmed">
          msg
        </Text>
        {fields.length === 0 && (
          <Text size="xs" c="dimmed">
            Nenhum campo.
          </Text>
        )}
        {fields.map((field) => (
          <FieldNode key={field.key} field={field} depth={0} onInsert={onInsert} />
        ))}
      </Stack>
      <Stack gap={2} role="group" aria-label="Variáveis">
        <Text size="xs" fw={600} c="dimmed">
          vars
        </Text>
        {variableKeys.length === 0 && (
          <Text size="xs" c="dimmed">
            Nenhuma variável no workspace nem no flow.
          </Text>
        )}
        {variableKeys.map((key) => (
          <Group key={key} gap={2} wrap="nowrap" pl={20}>
            <FieldRow path={expressionChildPath('vars', key)} label={key} onInsert={onInsert} />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
