import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DashboardGrid, placesAsShown } from './dashboard-grid';
import { widget } from './view-test-fixtures';
import { stubScreen } from '../../test/media-query';

const shown = [
  widget('widget-c', 'execution_count', {}, { x: 6, y: 2, h: 3 }),
  widget('widget-a', 'execution_count', {}, { x: 6, y: 0 }),
  widget('widget-b', 'execution_count', {}, { x: 0, y: 2 }),
  widget('widget-0', 'execution_count', {}, { x: 0, y: 0 }),
];

const narrowScreen = (matches: boolean) => stubScreen(() => matches);

function renderGrid(editable: boolean) {
  render(
    <MantineProvider>
      <DashboardGrid
        widgets={shown}
        editable={editable}
        renderWidget={(item) => <p>{item.id}</p>}
      />
    </MantineProvider>,
  );
  return [...document.querySelectorAll('[data-widget-id]')].map((node) =>
    node.getAttribute('data-widget-id'),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DashboardGrid', () => {
  it('stacks the view in one column on a narrow screen, row by row then left to right', () => {
    narrowScreen(true);
    expect(renderGrid(false)).toEqual(['widget-0', 'widget-a', 'widget-b', 'widget-c']);
    expect(screen.getByTestId('dashboard-grid')).toHaveAttribute('data-layout', 'stacked');
    // 3 rows of 50 px and the two gaps between them.
    const tall = document.querySelector('[data-widget-id="widget-c"]') as HTMLElement;
    expect(tall.style.height).toBe('170px');
  });

  it('keeps the 12-column grid on a wide screen and in the editor', () => {
    narrowScreen(false);
    renderGrid(false);
    expect(screen.getByTestId('dashboard-grid')).toHaveAttribute('data-layout', 'grid');
  });

  it('keeps the grid for the editor even on a narrow screen', () => {
    narrowScreen(true);
    renderGrid(true);
    expect(screen.getByTestId('dashboard-grid')).toHaveAttribute('data-layout', 'grid');
  });

  it('gives the places the editable grid shows: a widget added at y 1000 at the top', () => {
    const places = placesAsShown([
      widget('widget-a', 'execution_count', {}, { x: 0, y: 1000, w: 2, h: 2 }),
      widget('widget-b', 'execution_count', {}, { x: 11, y: 1002, w: 4, h: 2 }),
    ]);
    expect(places).toEqual([
      { id: 'widget-a', x: 0, y: 0, w: 2, h: 2 },
      { id: 'widget-b', x: 8, y: 0, w: 4, h: 2 },
    ]);
  });
});
