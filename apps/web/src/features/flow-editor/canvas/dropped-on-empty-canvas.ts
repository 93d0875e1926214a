import type { FinalConnectionState } from '@xyflow/react';

/**
 * Where a connection dragged from an output ended, when it ended on the empty canvas (not on a
 * handle, not on a node): the output it came from and the point on the screen. Undefined when
 * it connected, came from an input, or was dropped on a node.
 */
export function droppedOnEmptyCanvas(
  event: MouseEvent | TouchEvent,
  connection: FinalConnectionState,
): { source: string; sourceOutput: string; point: { x: number; y: number } } | undefined {
  const { fromNode, fromHandle } = connection;
  if (connection.isValid || connection.toHandle || !fromNode || !fromHandle?.id) return undefined;
  if (fromHandle.type !== 'source') return undefined;
  const pointer = 'changedTouches' in event ? event.changedTouches[0] : event;
  if (!pointer) return undefined;
  const point = { x: pointer.clientX, y: pointer.clientY };
  // A touch's target is where it started (the handle): ask what lies under the finger.
  const under =
    typeof document.elementFromPoint === 'function'
      ? document.elementFromPoint(point.x, point.y)
      : null;
  const target = under ?? (event.target instanceof Element ? event.target : null);
  if (target?.closest('.react-flow__node') || !target?.closest('.react-flow')) return undefined;
  return { source: fromNode.id, sourceOutput: fromHandle.id, point };
}
