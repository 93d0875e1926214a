import type { ReactNode } from 'react';
import ReactGridLayout, { useContainerWidth } from 'react-grid-layout';
import type { Layout, LayoutItem } from 'react-grid-layout';
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

/**
 * Spec 2 §9: a 12-column grid with rows of 50 px (react-grid-layout). The editor drags a widget
 * by its `.dashboard-widget-handle` and resizes it from the bottom-right corner.
 */
export function DashboardGrid({
  widgets,
  editable,
  onPlacesChange,
  renderWidget,
}: DashboardGridProps) {
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
    <div ref={containerRef} data-testid="dashboard-grid">
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
