import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { locale, timeZone } from '@ponte/shared/limits';
import type { Timeseries } from './api/get-completed-timeseries';
import { countTicks, timeTickInterval } from '../../lib/chart-ticks';

const minuteFormat = new Intl.DateTimeFormat(locale, {
  timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface ExecutionsChartProps {
  points: Timeseries;
}

/** Spec 2 'Completed flows': finished executions per minute over the last hour. */
export function ExecutionsChart({ points }: ExecutionsChartProps) {
  const data = points.map((point) => ({
    minute: minuteFormat.format(new Date(point.x)),
    Execuções: point.y,
  }));
  const total = points.reduce((sum, point) => sum + point.y, 0);
  const ticks = countTicks(Math.max(0, ...points.map((point) => point.y)));

  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {total === 1 ? '1 execução finalizada' : `${total} execuções finalizadas`}
      </Text>
      <BarChart
        h={220}
        data={data}
        dataKey="minute"
        series={[{ name: 'Execuções', color: 'blue.6' }]}
        tickLine="y"
        gridAxis="x"
        yAxisProps={{ allowDecimals: false, ticks, domain: [0, ticks.at(-1) ?? 1], interval: 0 }}
        xAxisProps={{ interval: timeTickInterval(data.length) }}
        withTooltip
        aria-label="Execuções por minuto na última hora"
      />
    </>
  );
}
