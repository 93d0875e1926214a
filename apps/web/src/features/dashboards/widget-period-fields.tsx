import { Group, Select, TextInput } from '@mantine/core';
import { formatApiDate, zonedParts, zonedTime } from '@ponte/shared/dashboard-periods';
import { widgetPeriodTypes } from '@ponte/shared/dashboards.schema';
import type { WidgetConfig, WidgetPeriodType } from '@ponte/shared/dashboards.schema';
import { messages } from '@ponte/shared/messages';

const m = messages.dashboards;
const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-01-02T03:00:00Z` → '2026-01-02T00:00' (São Paulo's wall clock, for datetime-local). */
export function toLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const p = zonedParts(new Date(value));
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** '2026-01-02T00:00' in São Paulo → `2026-01-02T03:00:00Z`; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return formatApiDate(zonedTime(year, month, day, hour, minute));
}

interface PeriodFieldsProps {
  config: WidgetConfig;
  patch: (change: Partial<WidgetConfig>) => void;
}

/** The widget's period; a custom one takes De and Até (São Paulo time, sent in UTC). */
export function WidgetPeriodFields({ config, patch }: PeriodFieldsProps) {
  return (
    <>
      <Select
        label="Período"
        withAsterisk
        allowDeselect={false}
        data={widgetPeriodTypes.map((type) => ({ value: type, label: m.widgetPeriods[type] }))}
        value={config.periodType}
        onChange={(value) => value && patch({ periodType: value as WidgetPeriodType })}
      />
      {config.periodType === 'custom' ? (
        <Group grow wrap="wrap">
          <TextInput
            type="datetime-local"
            label={m.from}
            value={toLocalInput(config.start_date)}
            onChange={(event) => patch({ start_date: fromLocalInput(event.currentTarget.value) })}
          />
          <TextInput
            type="datetime-local"
            label={m.to}
            value={toLocalInput(config.end_date)}
            onChange={(event) => patch({ end_date: fromLocalInput(event.currentTarget.value) })}
          />
        </Group>
      ) : null}
    </>
  );
}
