import { AreaChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { locale, timeZone } from '@ponte/shared/limits';
import { useQueueDepth } from './api/get-queues';
import { jobStateLabels } from './queue-status';

const minuteFormat = new Intl.DateTimeFormat(locale, {
  timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const series = [
  { name: jobStateLabels.waiting, color: 'blue.6' },
  { name: jobStateLabels.delayed, color: 'grape.6' },
  { name: jobStateLabels.paused, color: 'yellow.6' },
  { name: jobStateLabels.active, color: 'teal.6' },
  { name: jobStateLabels.failed, color: 'red.6' },
];

/** How many jobs waited in each state over the last hour (beyond the spec). */
export function QueueDepthChart({ queueId }: { queueId: string }) {
  const depth = useQueueDepth(queueId);
  const items = depth.data?.items ?? [];
  if (depth.isError)
    return (
      <Text size="sm" c="dimmed">
        Histórico indisponível no momento.
      </Text>
    );
  if (!items.length)
    return (
      <Text size="sm" c="dimmed">
        Ainda não há medições na última hora.
      </Text>
    );
  const data = items.map((sample) => ({
    at: minuteFormat.format(new Date(sample.at)),
    [jobStateLabels.waiting]: sample.waiting,
    [jobStateLabels.delayed]: sample.delayed,
    [jobStateLabels.paused]: sample.paused,
    [jobStateLabels.active]: sample.active,
    [jobStateLabels.failed]: sample.failed,
  }));
  return (
    <AreaChart
      h={200}
      data={data}
      dataKey="at"
      series={series}
      curveType="linear"
      withDots={false}
      withLegend
      yAxisProps={{ allowDecimals: false }}
      aria-label="Jobs por estado na última hora"
    />
  );
}
