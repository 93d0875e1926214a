import { BarChart, LineChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import type { TimeseriesResult } from '@ponte/shared/dashboards.schema';
import { countTicks } from '../../lib/chart-ticks';
import { formatBucket } from './widget-formats';

interface WidgetChartProps {
  result: TimeseriesResult;
  viewType: 'bar' | 'line';
  /** The series' name in the tooltip ('Execuções', 'Logs'). */
  seriesName: string;
  /** What the chart shows, for screen readers. */
  label: string;
}

/**
 * A histogram (spec 2 §3): bars or a line over every bucket of the period, the time axis in
 * São Paulo time by the bucket size, the count axis in whole numbers.
 */
export function WidgetChart({ result, viewType, seriesName, label }: WidgetChartProps) {
  const data = result.timeseries.map((point) => ({
    bucket: formatBucket(point.key, result.interval),
    [seriesName]: point.doc_count,
  }));
  const ticks = countTicks(Math.max(0, ...result.timeseries.map((point) => point.doc_count)));
  const shared = {
    h: '100%',
    data,
    dataKey: 'bucket',
    series: [{ name: seriesName, color: 'blue.6' }],
    tickLine: 'y' as const,
    gridAxis: 'x' as const,
    yAxisProps: {
      allowDecimals: false,
      ticks,
      domain: [0, ticks.at(-1) ?? 1],
      interval: 'preserveStart' as const,
      minTickGap: 2,
    },
    // A widget may be 2 columns wide or 12, 2 rows high or 20: each axis drops the labels that
    // would overlap in the room it has.
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 16 },
    withTooltip: true,
    'aria-label': label,
  };
  return (
    <Box
      pt="xs"
      style={{ flex: 1, minHeight: 0 }}
      data-testid="widget-chart"
      data-view-type={viewType}
    >
      {viewType === 'line' ? (
        <LineChart {...shared} curveType="linear" withDots={data.length <= 31} />
      ) : (
        <BarChart {...shared} />
      )}
    </Box>
  );
}
