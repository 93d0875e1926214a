import {
  ActionIcon,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { typesWithLength } from '@ponte/shared/db-tables.schema';
import type { FieldType } from '@ponte/shared/db-tables.schema';
import { fieldTypeOptions } from './table-file';

/** A field as the editor holds it: `key` keeps React's identity while fields move. */
export interface EditorField {
  key: string;
  /** The stored name of a field loaded from the table (its values are under it); else null. */
  previousName: string | null;
  name: string;
  label: string;
  type: FieldType | '';
  length: number | null;
  default_value: string;
  is_unique: boolean;
  is_required: boolean;
}

interface TableFieldRowProps {
  field: EditorField;
  index: number;
  count: number;
  onChange: (patch: Partial<EditorField>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/**
 * One field of the structure editor. Order changes by dragging the handle (mouse, touch, or
 * space + arrows + space), through the arrow buttons, or Alt+↑ / Alt+↓ anywhere in the row.
 */
export function TableFieldRow({
  field,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: TableFieldRowProps) {
  const n = index + 1;
  const hasLength = field.type !== '' && typesWithLength.includes(field.type);
  const {
    setNodeRef,
    setActivatorNodeRef,
    attributes,
    listeners,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: field.key,
    attributes: { roleDescription: 'campo que pode ser arrastado' },
  });
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      aria-label={`Campo ${n}`}
      ref={setNodeRef}
      shadow={isDragging ? 'md' : undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition: transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
      onKeyDown={(event) => {
        if (!event.altKey) return;
        if (event.key === 'ArrowUp' && index > 0) {
          event.preventDefault();
          onMove(index - 1);
        } else if (event.key === 'ArrowDown' && index < count - 1) {
          event.preventDefault();
          onMove(index + 1);
        }
      }}
    >
      <Group justify="space-between" mb="xs">
        <Group gap={4}>
          <Tooltip label="Arrastar para mudar a ordem" disabled={isDragging}>
            <ActionIcon
              variant="subtle"
              color="gray"
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-label={`Arrastar o campo ${n}`}
              style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            >
              <IconGripVertical size={16} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" fw={600}>
            Campo {n}
          </Text>
        </Group>
        <Group gap={4}>
          <Tooltip label="Mover para cima (Alt+↑)">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Mover o campo ${n} para cima`}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Mover para baixo (Alt+↓)">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Mover o campo ${n} para baixo`}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <IconArrowDown size={16} />
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
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <TextInput
          label="Nome"
          withAsterisk
          value={field.name}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
        />
        <TextInput
          label="Label"
          withAsterisk
          value={field.label}
          onChange={(event) => onChange({ label: event.currentTarget.value })}
        />
        <Select
          label="Tipo"
          withAsterisk
          data={fieldTypeOptions}
          value={field.type || null}
          allowDeselect={false}
          onChange={(value) => {
            const type = (value ?? '') as FieldType | '';
            const keepsLength = type !== '' && typesWithLength.includes(type);
            onChange({ type, ...(keepsLength ? {} : { length: null }) });
          }}
        />
        <NumberInput
          label="Tamanho"
          withAsterisk={hasLength}
          disabled={!hasLength}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={field.length ?? ''}
          onChange={(value) => onChange({ length: typeof value === 'number' ? value : null })}
        />
        <TextInput
          label="Valor padrão"
          value={field.default_value}
          onChange={(event) => onChange({ default_value: event.currentTarget.value })}
        />
      </SimpleGrid>
      <Group gap="lg" mt="sm">
        <Checkbox
          label="Único"
          checked={field.is_unique}
          onChange={(event) => onChange({ is_unique: event.currentTarget.checked })}
        />
        <Checkbox
          label="Obrigatório"
          checked={field.is_required}
          onChange={(event) => onChange({ is_required: event.currentTarget.checked })}
        />
      </Group>
    </Paper>
  );
}
