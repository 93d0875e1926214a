import { afterEach, describe, expect, it } from 'vitest';
import type { FinalConnectionState } from '@xyflow/react';
import { droppedOnEmptyCanvas } from './dropped-on-empty-canvas';

/** The canvas as React Flow draws it: a pane, and one node inside it. */
function canvas() {
  document.body.innerHTML = `
    <div class="react-flow">
      <div class="react-flow__pane"></div>
      <div class="react-flow__node" data-id="b"><span class="inside"></span></div>
    </div>
    <aside class="outside"></aside>`;
  return (selector: string) => document.querySelector(selector)!;
}

const released = (target: Element, x = 10, y = 20) => {
  let seen: MouseEvent | undefined;
  target.addEventListener('mouseup', (event) => (seen = event as MouseEvent), { once: true });
  target.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, clientX: x, clientY: y }));
  return seen!;
};

const connection = (extra: Record<string, unknown> = {}) =>
  ({
    isValid: false,
    fromNode: { id: 'a' },
    fromHandle: { id: 'true', nodeId: 'a', type: 'source' },
    toHandle: null,
    ...extra,
  }) as unknown as FinalConnectionState;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a connection released on the canvas', () => {
  it('names the output and the point when it ends on the empty canvas', () => {
    const at = canvas();
    expect(droppedOnEmptyCanvas(released(at('.react-flow__pane'), 5, 6), connection())).toEqual({
      source: 'a',
      sourceOutput: 'true',
      point: { x: 5, y: 6 },
    });
  });

  it('is nothing when it connected, ended on a node or off the canvas, or came from an input', () => {
    const at = canvas();
    const pane = at('.react-flow__pane');
    expect(droppedOnEmptyCanvas(released(pane), connection({ isValid: true }))).toBeUndefined();
    expect(
      droppedOnEmptyCanvas(released(pane), connection({ toHandle: { id: null, nodeId: 'b' } })),
    ).toBeUndefined();
    expect(droppedOnEmptyCanvas(released(at('.inside')), connection())).toBeUndefined();
    expect(droppedOnEmptyCanvas(released(at('.outside')), connection())).toBeUndefined();
    const fromInput = connection({ fromHandle: { id: 'in', nodeId: 'a', type: 'target' } });
    expect(droppedOnEmptyCanvas(released(pane), fromInput)).toBeUndefined();
  });

  it('finds where a finger was lifted, not where it started', () => {
    const at = canvas();
    const handleOfA = at('.inside');
    const original = document.elementFromPoint;
    document.elementFromPoint = (x, y) => (x === 50 && y === 60 ? at('.react-flow__pane') : null);
    try {
      const touch = new Event('touchend') as TouchEvent;
      Object.defineProperty(touch, 'changedTouches', { value: [{ clientX: 50, clientY: 60 }] });
      Object.defineProperty(touch, 'target', { value: handleOfA });
      expect(droppedOnEmptyCanvas(touch, connection())?.point).toEqual({ x: 50, y: 60 });
    } finally {
      document.elementFromPoint = original;
    }
  });
});
