export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The viewport that brings `node` (graph coordinates) inside a pane of `pane` size, `margin`
 * pixels from its edges, moving the view as little as possible and keeping the zoom; null when
 * the node is in view already. A node larger than the pane is aligned on its top-left corner.
 */
export function viewportShowing(
  node: Box,
  viewport: Viewport,
  pane: { width: number; height: number },
  margin = 40,
): Viewport | null {
  const shift = (start: number, size: number, offset: number, room: number) => {
    const from = start * viewport.zoom + offset;
    const to = from + size * viewport.zoom;
    let delta = 0;
    if (to > room - margin) delta = room - margin - to;
    if (from + delta < margin) delta = margin - from;
    return delta;
  };
  const dx = shift(node.x, node.width, viewport.x, pane.width);
  const dy = shift(node.y, node.height, viewport.y, pane.height);
  if (dx === 0 && dy === 0) return null;
  return { x: viewport.x + dx, y: viewport.y + dy, zoom: viewport.zoom };
}
