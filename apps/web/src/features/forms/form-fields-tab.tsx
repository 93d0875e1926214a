import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconPlus,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { formFieldTypes } from '@ponte/shared/forms.schema';
import type { FormFieldType } from '@ponte/shared/forms.schema';
import { FieldOptionsModal } from './field-options-modal';
import { fieldTypeLabels } from './form-labels';
import type { EditorField } from './use-form-editor';

interface FormFieldsTabProps {
  fields: EditorField[];
  onAdd: (type: FormFieldType) => string;
  onReplace: (field: EditorField) => void;
  onRemove: (key: string) => void;
  onMove: (from: number, to: number) => void;
}

function FieldRow(props: {
  field: EditorField;
  index: number;
  count: number;
  onEdit: () => void;
  onRemove: () => void;
  onMove: (to: number) => void;
}) {
  const { field, index, count, onEdit, onRemove, onMove } = props;
  const n = index + 1;
  const title = field.type === 'separator' ? field.label || 'Separador' : field.label;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="form-field">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} truncate>
              {n}.{' '}
              {title || (
                <Text span c="dimmed" size="sm">
                  (sem label)
                </Text>
              )}
            </Text>
            {field.is_required ? (
              <Text span c="red" size="sm" aria-label="obrigatório" title="Obrigatório">
                *
              </Text>
            ) : null}
          </Group>
          <Group gap={6} wrap="wrap">
            <Badge variant="light" size="sm">
              {fieldTypeLabels[field.type]}
            </Badge>
            {field.name ? (
              <Text size="xs" c="dimmed" ff="monospace" truncate>
                {field.name}
              </Text>
            ) : null}
            {field.width_percent !== 100 ? (
              <Text size="xs" c="dimmed">
                {field.width_percent}%
              </Text>
            ) : null}
          </Group>
        </Stack>
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Subir">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Subir o campo ${n}`}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Descer">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Descer o campo ${n}`}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Opções do campo">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Opções do campo ${n}`}
              onClick={onEdit}
            >
              <IconSettings size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remover campo">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remover o campo ${n}`}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/** Tab 'Campos': the form's fields in order, and the field options modal. */
export function FormFieldsTab({ fields, onAdd, onReplace, onRemove, onMove }: FormFieldsTabProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const editingIndex = fields.findIndex((field) => field.key === editing);
  const editingField = fields[editingIndex];

  return (
    <Stack gap="sm">
      {fields.length ? null : (
        <Text size="sm" c="dimmed">
          Nenhum campo ainda: adicione um campo ou importe um form.
        </Text>
      )}
      {fields.map((field, index) => (
        <FieldRow
          key={field.key}
          field={field}
          index={index}
          count={fields.length}
          onEdit={() => setEditing(field.key)}
          onRemove={() => onRemove(field.key)}
          onMove={(to) => onMove(index, to)}
        />
      ))}
      <Group>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              rightSection={<IconChevronDown size={14} />}
            >
              Adicionar campo
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {formFieldTypes.map((type) => (
              <Menu.Item key={type} onClick={() => setEditing(onAdd(type))}>
                {fieldTypeLabels[type]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {editingField ? (
        <FieldOptionsModal
          key={editingField.key}
          field={editingField}
          position={editingIndex + 1}
          onApply={(field) => {
            onReplace(field);
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
