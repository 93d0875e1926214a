import type { DragEvent } from 'react';
import { dataPathDragType } from '../run-data/run-data-types';

/**
 * Puts a field on a drag: `{{ msg.path }}` as text (what a parameter receives when the field
 * is dropped in it) and the bare path under `dataPathDragType`.
 */
export function startFieldDrag(event: DragEvent<HTMLElement>, path: string): void {
  event.stopPropagation();
  event.dataTransfer.setData('text/plain', `{{ ${path} }}`);
  event.dataTransfer.setData(dataPathDragType, path);
  event.dataTransfer.effectAllowed = 'copy';
}

/** Props of an element that drags the field at `path`. */
export const fieldDragProps = (path: string) => ({
  draggable: true,
  onDragStart: (event: DragEvent<HTMLElement>) => startFieldDrag(event, path),
});
