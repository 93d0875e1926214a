import { useState } from 'react';
import { newWidget, newWidgetId } from '@ponte/shared/dashboards.schema';
import type {
  Dashboard,
  DashboardBody,
  DashboardFile,
  Widget,
  WidgetConfig,
  WidgetType,
} from '@ponte/shared/dashboards.schema';
import type { WidgetPlace } from './dashboard-grid';

/** Everything the editor edits: the body of POST/PUT as the person builds it. */
export interface DashboardDraft {
  name: string;
  group: string | null;
  widgets: Widget[];
}

export function draftOf(dashboard: Dashboard | undefined, group: string | null): DashboardDraft {
  return {
    name: dashboard?.name ?? '',
    group: dashboard ? dashboard.group : group,
    widgets: dashboard?.widgets ?? [],
  };
}

/** An imported file (spec 2 'Dashboards'): its name already ends in ' (importado)'; no group. */
export function draftOfFile(file: DashboardFile): DashboardDraft {
  return { name: file.name, group: null, widgets: file.widgets };
}

/** The body of POST/PUT: trimmed name, group null when empty, widgets without content. */
export function bodyOf(draft: DashboardDraft): DashboardBody {
  return {
    name: draft.name.trim(),
    group: draft.group || null,
    widgets: draft.widgets.map(({ content: _content, ...widget }) => widget),
  };
}

/** The editor's state and the edits of its widgets. */
export function useDashboardDraft(initial: DashboardDraft) {
  const [draft, setDraft] = useState(initial);
  const setWidgets = (change: (widgets: Widget[]) => Widget[]) =>
    setDraft((current) => ({ ...current, widgets: change(current.widgets) }));
  return {
    draft,
    setDraft,
    setName: (name: string) => setDraft((current) => ({ ...current, name })),
    setGroup: (group: string | null) => setDraft((current) => ({ ...current, group })),
    /** Adds a widget of a type at the spec's place; returns it (its settings open next). */
    addWidget: (type: WidgetType): Widget => {
      const widget = newWidget(type);
      setWidgets((widgets) => [...widgets, widget]);
      return widget;
    },
    /** A copy with a new id, just below the original. */
    duplicateWidget: (id: string) =>
      setWidgets((widgets) => {
        const original = widgets.find((widget) => widget.id === id);
        if (!original) return widgets;
        const { content: _content, ...rest } = original;
        return [...widgets, { ...rest, id: newWidgetId(), y: original.y + original.h }];
      }),
    removeWidget: (id: string) => setWidgets((widgets) => widgets.filter((w) => w.id !== id)),
    setConfig: (id: string, config: WidgetConfig) =>
      setWidgets((widgets) => widgets.map((w) => (w.id === id ? { ...w, config } : w))),
    setPlaces: (places: WidgetPlace[]) =>
      setWidgets((widgets) =>
        widgets.map((widget) => {
          const place = places.find((p) => p.id === widget.id);
          return place ? { ...widget, x: place.x, y: place.y, w: place.w, h: place.h } : widget;
        }),
      ),
  };
}
