import type { ReactNode } from 'react';
import { Box, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@ponte/shared/messages';
import type { Widget, WidgetResult } from '@ponte/shared/dashboards.schema';
import { useFlowNames } from '../../lib/flows/api/get-flow-names';
import { WidgetChart } from './widget-chart';
import { WidgetHtml } from './widget-html';
import { WidgetList } from './widget-list';
import { WidgetValue } from './widget-value';

export interface WidgetCardProps {
  widget: Widget;
  result: WidgetResult | undefined;
  loading: boolean;
  /** The editor's configure, duplicate and remove icons (the view has none). */
  actions?: ReactNode;
  /** A list widget's page change. */
  onPage?: (page: number) => void;
  /** Where the figure leads (the monitoring page filtered the same way); none in the editor. */
  link?: string;
}

const m = messages.dashboards;

/** The series' name of a histogram, in its tooltip. */
const seriesNames: Partial<Record<Widget['type'], string>> = {
  log_histogram: 'Logs',
  ai_tokens_histogram: 'Tokens de IA',
};

/** The widget's flow by name, or 'Todos os flows' when it counts every flow. */
function FlowName({ flowId }: { flowId: string | null | undefined }) {
  const { nameOf } = useFlowNames(flowId ? [flowId] : []);
  return (
    <Text size="xs" c="dimmed" truncate>
      {flowId ? (nameOf(flowId) ?? flowId) : 'Todos os flows'}
    </Text>
  );
}

/** What the widget shows for its result. */
function WidgetContent({ widget, result, loading, onPage, link }: WidgetCardProps) {
  const name = widget.config.label || m.widgetTypes[widget.type];
  if (widget.type === 'text_html') return <WidgetHtml html={widget.config.html} />;
  if (!result)
    return loading ? (
      <Center style={{ flex: 1 }}>
        <Loader size="sm" aria-label="Carregando" />
      </Center>
    ) : null;
  switch (result.kind) {
    case 'value':
      return (
        <WidgetValue
          result={result}
          fontSize={widget.config.font_size}
          link={link}
          linkLabel={
            link
              ? widget.type === 'log_count'
                ? 'ver os logs no monitoramento'
                : 'ver as execuções no monitoramento'
              : undefined
          }
        />
      );
    case 'timeseries':
      return (
        <WidgetChart
          result={result}
          viewType={widget.config.view_type}
          seriesName={seriesNames[widget.type] ?? 'Execuções'}
          label={name}
        />
      );
    case 'list':
      return <WidgetList result={result} onPage={onPage} label={name} />;
    case 'error':
      return (
        <Text size="sm" c="red.7" role="alert" py="xs">
          {result.error}
        </Text>
      );
    default:
      return null;
  }
}

/**
 * A widget on the grid (spec 2 'Dashboards'): its header (the label as legend, the flow's
 * name; the editor's icons) is the handle the editor drags it by; the content follows the
 * result's kind.
 */
export function WidgetCard(props: WidgetCardProps) {
  const { widget, result, loading, actions } = props;
  const { show_label, label, show_flow_name, flow_id } = widget.config;
  const legend = show_label && label ? label : null;
  const stale = loading && result !== undefined && widget.type !== 'text_html';
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      h="100%"
      data-testid="widget-card"
      aria-busy={loading || undefined}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="xs"
        className="dashboard-widget-handle"
        style={{ cursor: actions ? 'move' : undefined, minHeight: actions ? 28 : undefined }}
      >
        <Stack gap={0} miw={0}>
          {legend ? (
            <Text fw={600} size="sm" truncate>
              {legend}
            </Text>
          ) : null}
          {show_flow_name && widget.type !== 'text_html' ? <FlowName flowId={flow_id} /> : null}
        </Stack>
        {actions ? (
          <Group gap={4} wrap="nowrap" onMouseDown={(event) => event.stopPropagation()}>
            {actions}
          </Group>
        ) : null}
      </Group>
      <Box
        style={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          opacity: stale ? 0.6 : 1,
          transition: 'opacity 150ms',
        }}
      >
        <WidgetContent {...props} />
      </Box>
    </Card>
  );
}
