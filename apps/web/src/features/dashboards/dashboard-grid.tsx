import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import ReactGridLayout, { useContainerWidth } from 'react-grid-layout';
import type { Layout, LayoutItem } from 'react-grid-layout';
import { correctBounds, getCompactor } from 'react-grid-layout/core';
import 'react-grid-layout/css/styles.css';
import { limits } from '@ponte/shared/limits';
import type { Widget } from '@ponte/shared/dashboards.schema';

/** A widget's place on the grid. */
export type WidgetPlace = Pick<Widget, 'id' | 'x' | 'y' | 'w' | 'h'>;

interface DashboardGridProps {
  widgets: Widget[];
  /** The editor moves and resizes widgets; the view shows them read-only. */
  editable: boolean;
  /** Every place after a move or a resize (editor only). */
  onPlacesChange?: (places: WidgetPlace[]) => void;
  /** A widget's frame and content. */
  renderWidget: (widget: Widget) => ReactNode;
}

/** Below this width the read-only grid becomes one column (a phone: 390 px). */
export const narrowQuery = '(max-width: 48em)';

/** The grid's margin between rows (react-grid-layout's default, 10 px). */
const rowGap = 10;

/**
 * Where the editable grid shows the widgets: within its columns and pulled up (its vertical
 * compaction), as it lays them out when it opens. A stored place it moves (a widget added at
 * y 1000, an imported file) is not a change the person made.
 */
export function placesAsShown(widgets: Widget[]): WidgetPlace[] {
  const cols = limits.dashboardGridCols;
  const layout = widgets.map(({ id, x, y, w, h }) => ({ i: id, x, y, w, h }));
  return getCompactor('vertical')
    .compact(correctBounds(layout, { cols }), cols)
    .map(({ i, x, y, w, h }) => ({ id: i, x, y, w, h }));
}

/** Widgets in reading order: row by row (y), then left to right (x). */
export function inGridOrder(widgets: Widget[]): Widget[] {
  return [...widgets].sort((a, b) => a.y - b.y || a.x - b.x);
}

/** On a narrow screen the view shows the widgets one under the other, at their grid height. */
function StackedWidgets({ widgets, renderWidget }: Omit<DashboardGridProps, 'editable'>) {
  return (
    <Stack gap={rowGap} data-testid="dashboard-grid" data-layout="stacked">
      {inGridOrder(widgets).map((widget) => (
        <div
          key={widget.id}
          data-widget-id={widget.id}
          style={{ height: widget.h * limits.dashboardRowHeight + (widget.h - 1) * rowGap }}
        >
          {renderWidget(widget)}
        </div>
      ))}
    </Stack>
  );
}

/**
 * Spec 2 §9: a 12-column grid with rows of 50 px (react-grid-layout). The editor drags a widget
 * by its `.dashboard-widget-handle` and resizes it from the bottom-right corner. The read-only
 * grid becomes a single column on a narrow screen (docs/adr/0049).
 */
export function DashboardGrid(props: DashboardGridProps) {
  const narrow = useMediaQuery(narrowQuery, false, { getInitialValueInEffect: false });
  if (narrow && !props.editable) return <StackedWidgets {...props} />;
  return <FullGrid {...props} />;
}

function FullGrid({ widgets, editable, onPlacesChange, renderWidget }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout: LayoutItem[] = widgets.map((widget) => ({
    i: widget.id,
    x: widget.x,
    y: widget.y,
    w: widget.w,
    h: widget.h,
    minW: widget.minW,
    minH: widget.minH,
    static: !editable,
  }));
  const changed = (next: Layout) =>
    onPlacesChange?.(next.map(({ i, x, y, w, h }) => ({ id: i, x, y, w, h })));
  return (
    <div ref={containerRef} data-testid="dashboard-grid" data-layout="grid">
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: limits.dashboardGridCols, rowHeight: limits.dashboardRowHeight }}
          dragConfig={{ enabled: editable, handle: '.dashboard-widget-handle' }}
          resizeConfig={{ enabled: editable }}
          onLayoutChange={editable ? changed : undefined}
        >
          {widgets.map((widget) => (
            <div key={widget.id} data-widget-id={widget.id}>
              {renderWidget(widget)}
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
