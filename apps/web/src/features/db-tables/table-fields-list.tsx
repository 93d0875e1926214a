import { useState } from 'react';
import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent, Modifier, UniqueIdentifier } from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { EditorField } from './table-field-row';

/** The list only moves up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** What a screen reader hears while a field is dragged (dnd-kit's defaults are in English). */
export function fieldAnnouncements(
  fields: EditorField[],
  drag: { lastOver: UniqueIdentifier | null },
): Announcements {
  const position = (id: UniqueIdentifier) => fields.findIndex((field) => field.key === id) + 1;
  const named = (id: UniqueIdentifier) => {
    const n = position(id);
    const name = fields[n - 1]?.name.trim();
    return name ? `Campo ${n} (${name})` : `Campo ${n}`;
  };
  const of = `de ${fields.length}`;
  return {
    onDragStart: ({ active }) => {
      drag.lastOver = active.id;
      return `${named(active.id)} pego, na posição ${position(active.id)} ${of}.`;
    },
    // dnd-kit reports the field over itself right after the start: that would hide 'pego'.
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === drag.lastOver) return undefined;
      drag.lastOver = over?.id ?? null;
      return over
        ? `${named(active.id)} movido para a posição ${position(over.id)} ${of}.`
        : `${named(active.id)} está fora da lista.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${named(active.id)} solto na posição ${position(over.id)} ${of}.`
        : `${named(active.id)} solto fora da lista: a ordem não mudou.`,
    onDragCancel: ({ active }) =>
      `Movimento cancelado. ${named(active.id)} voltou à posição ${position(active.id)} ${of}.`,
  };
}

export const fieldDragInstructions =
  'Para mover um campo, pressione espaço ou Enter na alça de arrastar. Use as setas para cima ' +
  'e para baixo para escolher a nova posição e pressione espaço ou Enter de novo para soltá-lo, ' +
  'ou Esc para cancelar.';

interface TableFieldsListProps {
  fields: EditorField[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/**
 * The structure editor's fields as a vertical sortable list (ADR 0024): each card is dragged by
 * its handle, with the mouse, touch or the keyboard (space, arrows, space).
 */
export function TableFieldsList({ fields, onMove, children }: TableFieldsListProps) {
  // Which field the dragged one was last announced over (changed only by dnd-kit's callbacks).
  const [drag] = useState<{ lastOver: UniqueIdentifier | null }>(() => ({ lastOver: null }));
  const sensors = useSensors(
    // A few pixels before a drag starts, so that a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((field) => field.key === active.id);
    const to = fields.findIndex((field) => field.key === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: fieldAnnouncements(fields, drag),
        screenReaderInstructions: { draggable: fieldDragInstructions },
      }}
    >
      <SortableContext
        items={fields.map((field) => field.key)}
        strategy={verticalListSortingStrategy}
      >
        <Stack
          gap="sm"
          component="ol"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Campos"
        >
          {children}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
