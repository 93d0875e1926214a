import type { ReactNode } from 'react';
import { Card, Group, Text } from '@mantine/core';
import type { Widget, WidgetResult } from '@ponte/shared/dashboards.schema';

export interface WidgetCardProps {
  widget: Widget;
  result: WidgetResult | undefined;
  loading: boolean;
  /** The editor's configure, duplicate and remove icons (the view has none). */
  actions?: ReactNode;
  /** A list widget's page change. */
  onPage?: (page: number) => void;
}

// First version of the contract: the view's builder replaces it before merge.
export function WidgetCard({ widget, result, actions }: WidgetCardProps) {
  return (
    <Card withBorder h="100%">
      <Group justify="space-between" className="dashboard-widget-handle">
        <Text fw={600}>{widget.config.label}</Text>
        {actions}
      </Group>
      {result?.kind === 'value' && <Text size="xl">{result.value ?? '—'}</Text>}
    </Card>
  );
}
