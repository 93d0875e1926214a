import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useReactFlow } from '@xyflow/react';
import type { FitViewOptions } from '@xyflow/react';
import { viewportShowing } from './viewport-showing';

/** Below this pane width the minimap would cover the graph: it is not drawn. */
const minimapMinWidth = 640;
/** The minimap's corner (200 × 150 px and React Flow's 15 px margin) plus a gap. */
const minimapRoom = 240;

export interface CanvasFraming {
  showMinimap: boolean;
  /** Fit options that keep the graph clear of the minimap. */
  fitOptions: FitViewOptions;
}

/**
 * Keeps the graph in view as the panes around it open and close: the node in `reveal` (the one
 * the side panel edits) is panned into view when the pane narrows, and a change of `refitKey`
 * (the debugger opening or closing) fits the whole graph to the new pane.
 */
export function useCanvasFraming(
  pane: RefObject<HTMLDivElement | null>,
  { reveal, refitKey }: { reveal?: string | null; refitKey?: unknown },
): CanvasFraming {
  const { getInternalNode, getViewport, setViewport, fitView } = useReactFlow();
  const [showMinimap, setShowMinimap] = useState(() => window.innerWidth >= 1024);
  const fitOptions: FitViewOptions = {
    maxZoom: 1.2,
    padding: {
      top: '32px',
      bottom: '32px',
      left: '32px',
      right: showMinimap ? `${minimapRoom}px` : '32px',
    },
  };
  const pendingFit = useRef(false);
  const lastKey = useRef(refitKey);

  const frame = useEffectEvent(() => {
    const element = pane.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    setShowMinimap(width >= minimapMinWidth);
    if (pendingFit.current) {
      pendingFit.current = false;
      void fitView({ ...fitOptions, duration: 200 });
      return;
    }
    const node = reveal ? getInternalNode(reveal) : undefined;
    if (!node?.measured.width || !node.measured.height) return;
    const next = viewportShowing(
      {
        ...node.internals.positionAbsolute,
        width: node.measured.width,
        height: node.measured.height,
      },
      getViewport(),
      { width, height },
    );
    if (next) void setViewport(next, { duration: 200 });
  });

  // Layout changes reach React Flow through its own resize observer; act a frame later.
  useEffect(() => {
    const element = pane.current;
    if (!element) return;
    let request = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(request);
      request = requestAnimationFrame(() => frame());
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(request);
    };
  }, [pane]);

  useEffect(() => {
    if (Object.is(refitKey, lastKey.current)) return;
    lastKey.current = refitKey;
    pendingFit.current = true;
    // Should the pane keep its size, no resize comes: fit anyway.
    const timer = window.setTimeout(() => pendingFit.current && frame(), 300);
    return () => window.clearTimeout(timer);
  }, [refitKey]);

  useEffect(() => {
    if (!reveal) return;
    const request = requestAnimationFrame(() => frame());
    return () => cancelAnimationFrame(request);
  }, [reveal]);

  return { showMinimap, fitOptions };
}
