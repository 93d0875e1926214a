import { List, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { previewSchedule } from '../api/preview-schedule';

const defaultTimezone = 'America/Sao_Paulo';

/** 'qui., 24/12/2026 09:00' in the schedule's time zone. */
export function formatRun(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

function zoneOf(params: Record<string, unknown>): string {
  const zone = typeof params.timezone === 'string' ? params.timezone.trim() : '';
  try {
    if (zone) new Intl.DateTimeFormat('pt-BR', { timeZone: zone });
    return zone || defaultTimezone;
  } catch {
    return defaultTimezone;
  }
}

/**
 * Below a schedule trigger's params: when it will fire next, as the server computes it (the
 * cron, the time zone and the business-day option), so a person checks a schedule before
 * enabling the flow.
 */
export function ScheduleNextRuns({ params }: { params: Record<string, unknown> }) {
  const [settled] = useDebouncedValue(params, 400);
  const query = useQuery({
    queryKey: ['schedule-next-runs', settled],
    queryFn: ({ signal }) => previewSchedule(settled, signal),
    staleTime: 60_000,
    retry: false,
  });
  const zone = zoneOf(settled);
  return (
    <Stack gap={4} data-testid="schedule-next-runs">
      <Text size="sm" fw={500}>
        Próximas execuções
        {zone !== defaultTimezone && (
          <Text span size="xs" c="dimmed">
            {' '}
            (horário de {zone})
          </Text>
        )}
      </Text>
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          Calculando…
        </Text>
      ) : query.isError ? (
        <Text size="sm" c="dimmed">
          Não foi possível calcular as próximas execuções agora.
        </Text>
      ) : query.data.problem ? (
        <Text size="sm" c="dimmed">
          {query.data.problem}
        </Text>
      ) : query.data.runs.length === 0 ? (
        <Text size="sm" c="dimmed">
          O agendamento não tem execuções nos próximos meses.
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {query.data.runs.map((run) => (
            <List.Item key={run}>{formatRun(run, zone)}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
