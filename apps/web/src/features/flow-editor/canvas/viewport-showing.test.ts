import { describe, expect, it } from 'vitest';
import { viewportShowing } from './viewport-showing';

const pane = { width: 800, height: 600 };
const node = { x: 1000, y: 100, width: 200, height: 60 };

describe('bringing the selected node into view', () => {
  it('leaves the view alone when the node is in it', () => {
    expect(viewportShowing(node, { x: -500, y: 0, zoom: 1 }, pane)).toBeNull();
  });

  it('pans left just enough when a narrower pane (the panel opened) hides the node', () => {
    // At x -300 the node spans 700..900 on screen: past the right edge of an 800 px pane.
    expect(viewportShowing(node, { x: -300, y: 0, zoom: 1 }, pane)).toEqual({
      x: -440,
      y: 0,
      zoom: 1,
    });
  });

  it('keeps the zoom and also pans vertically, from either side', () => {
    expect(viewportShowing(node, { x: -1800, y: 500, zoom: 0.5 }, pane)).toEqual({
      x: -460,
      y: 480,
      zoom: 0.5,
    });
    expect(viewportShowing(node, { x: -500, y: -200, zoom: 1 }, pane)).toEqual({
      x: -500,
      y: -60,
      zoom: 1,
    });
  });

  it('shows the top-left corner of a node larger than the pane', () => {
    const big = { x: 0, y: 0, width: 2000, height: 1000 };
    expect(viewportShowing(big, { x: -900, y: -900, zoom: 1 }, pane)).toEqual({
      x: 40,
      y: 40,
      zoom: 1,
    });
  });
});
