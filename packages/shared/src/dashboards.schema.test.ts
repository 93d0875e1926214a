import { describe, expect, it } from 'vitest';
import { newWidget, widgetTypes } from './dashboards.schema';

describe('newWidget', () => {
  it('starts a list or a chart big enough to read (at least 4×4), a number at the spec 2×2', () => {
    for (const type of ['log_list', 'database_list', 'execution_histogram', 'log_histogram']) {
      const widget = newWidget(type as (typeof widgetTypes)[number]);
      expect(widget.w, type).toBeGreaterThanOrEqual(4);
      expect(widget.h, type).toBeGreaterThanOrEqual(4);
    }
    for (const type of ['execution_count', 'execution_time', 'log_count'] as const) {
      expect(newWidget(type)).toMatchObject({ x: 0, y: 1000, w: 2, h: 2, minW: 2 });
    }
  });

  it('places every type at the bottom, within the 12 columns', () => {
    for (const type of widgetTypes) {
      const widget = newWidget(type);
      expect(widget.y).toBe(1000);
      expect(widget.x + widget.w).toBeLessThanOrEqual(12);
    }
  });
});
