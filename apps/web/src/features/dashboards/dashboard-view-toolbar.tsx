import { useState } from 'react';
import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatApiDate, resolveViewPeriod } from '@ponte/shared/dashboard-periods';
import { viewPeriodTypes } from '@ponte/shared/dashboards.schema';
import type { ViewPeriodType } from '@ponte/shared/dashboards.schema';
import { messages } from '@ponte/shared/messages';
import { narrowQuery } from './dashboard-grid';
import { autoRefreshChoices } from './dashboard-view-options';
import type { AutoRefresh, DashboardViewOptions } from './dashboard-view-options';
import { apiToLocalInput, customPeriodIssue, localInputToApi } from './custom-period';

const m = messages.dashboards;
const periodOptions = viewPeriodTypes.map((type) => ({ value: type, label: m.periods[type] }));
const refreshOptions = autoRefreshChoices.map((choice) => ({
  value: choice,
  label: m.autoRefresh[choice === 'off' ? 'off' : choice],
}));

interface ToolbarProps {
  options: DashboardViewOptions;
  onChange: (patch: Partial<DashboardViewOptions>) => void;
}

/**
 * Personalizado's De and Até (São Paulo time). A pair that cannot be shown (one missing, the
 * start after the end) stays in the fields with the reason and is not applied.
 */
function CustomPeriodInputs({ options, onChange }: ToolbarProps) {
  const [from, setFrom] = useState(apiToLocalInput(options.start_date));
  const [to, setTo] = useState(apiToLocalInput(options.end_date));
  const [error, setError] = useState<string | null>(null);

  const edit = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    const start = localInputToApi(nextFrom);
    const end = localInputToApi(nextTo);
    if (!start || !end) {
      setError(m.customPeriodRequired);
      return;
    }
    const issue = customPeriodIssue(start, end);
    setError(issue);
    if (!issue) onChange({ periodType: 'custom', start_date: start, end_date: end });
  };

  return (
    <>
      <TextInput
        type="datetime-local"
        label={m.from}
        step={1}
        value={from}
        onChange={(event) => edit(event.currentTarget.value, to)}
        w={220}
      />
      <TextInput
        type="datetime-local"
        label={m.to}
        step={1}
        value={to}
        error={error}
        onChange={(event) => edit(from, event.currentTarget.value)}
        w={220}
      />
    </>
  );
}

/** The view's period (spec 2 'Dashboards') and its auto-refresh (beyond the spec). */
export function DashboardViewToolbar({ options, onChange }: ToolbarProps) {
  const narrow = useMediaQuery(narrowQuery, false, { getInitialValueInEffect: false });
  const choose = (value: string | null) => {
    const type = viewPeriodTypes.find((candidate) => candidate === value);
    if (!type || type === options.periodType) return;
    if (type !== 'custom') {
      onChange({ periodType: type, start_date: null, end_date: null });
      return;
    }
    // Personalizado starts from the period shown until now.
    const shown = resolveViewPeriod(options, new Date());
    onChange({
      periodType: 'custom',
      start_date: formatApiDate(shown.start),
      end_date: formatApiDate(shown.end),
    });
  };

  return (
    <Group align="flex-end" gap="md" wrap="wrap" mb="md">
      {narrow ? (
        <Select
          label="Período"
          data={periodOptions}
          value={options.periodType}
          onChange={choose}
          allowDeselect={false}
          w={200}
        />
      ) : (
        <SegmentedControl
          aria-label="Período"
          data={periodOptions}
          value={options.periodType}
          onChange={(value) => choose(value as ViewPeriodType)}
        />
      )}
      {options.periodType === 'custom' ? (
        <CustomPeriodInputs options={options} onChange={onChange} />
      ) : null}
      <Select
        label={m.autoRefresh.label}
        data={refreshOptions}
        value={options.autoRefresh}
        onChange={(value) => {
          const choice = autoRefreshChoices.find((candidate) => candidate === value);
          if (choice) onChange({ autoRefresh: choice as AutoRefresh });
        }}
        allowDeselect={false}
        w={200}
        ml={narrow ? undefined : 'auto'}
      />
    </Group>
  );
}
