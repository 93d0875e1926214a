import { Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { LogType } from '@ponte/shared/monitoring.schema';
import type { FlowName } from '../../lib/flows/api/get-flow-names';
import { DebouncedTextInput } from './debounced-text-input';
import { DateTimeFilterInput } from './date-time-filter-input';
import type { LogFilterState, LogPeriod } from './log-filters';
import { logTypeLabels } from './log-type-labels';

interface LogFiltersBarProps {
  filters: LogFilterState;
  onChange: (patch: Partial<LogFilterState>) => void;
  flows: FlowName[];
  /** The Flow select opened: a flow created since the lookup loaded should be listed. */
  onFlowsOpen?: () => void;
}

const allFlows = '__all__';
const allTypes = 'all';

const periods: { value: LogPeriod; label: string }[] = [
  { value: '1h', label: '1h' },
  { value: '1d', label: '24h' },
  { value: '7d', label: '7d' },
  { value: '15d', label: '15d' },
];

function periodOptions(current: LogPeriod) {
  // 1000d comes from links ("every log of this execution"): offered only while it is chosen.
  const extra = current === '1000d' ? [{ value: '1000d' as const, label: 'Tudo' }] : [];
  return [...periods, ...extra, { value: 'custom' as const, label: 'Personalizado' }];
}

const typeOptions = [
  { value: allTypes, label: 'Todos' },
  ...Object.entries(logTypeLabels).map(([value, label]) => ({ value, label })),
];

/** Spec 1 §2.9: the period picker and the filters of the logs page. */
export function LogFiltersBar({ filters, onChange, flows, onFlowsOpen }: LogFiltersBarProps) {
  const flowOptions = [
    { value: allFlows, label: 'Todos os flows' },
    ...flows.map((flow) => ({ value: flow._id, label: flow.name || flow._id })),
  ];
  // A flow from a link shows its id until the lookup knows it.
  if (filters.flow && !flows.some((flow) => flow._id === filters.flow)) {
    flowOptions.push({ value: filters.flow, label: filters.flow });
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="log-period-label">
              Período
            </Text>
            <SegmentedControl
              aria-labelledby="log-period-label"
              value={filters.period}
              data={periodOptions(filters.period)}
              onChange={(value) => onChange({ period: value as LogPeriod, from: '', to: '' })}
            />
          </Stack>
          {filters.period === 'custom' ? (
            <>
              <DateTimeFilterInput
                label="De"
                value={filters.from}
                onCommit={(from) => onChange({ from })}
              />
              <DateTimeFilterInput
                label="Até"
                value={filters.to}
                onCommit={(to) => onChange({ to })}
              />
            </>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <DebouncedTextInput
            label="Buscar"
            placeholder="Termo de busca"
            leftSection={<IconSearch size={16} />}
            value={filters.search}
            onCommit={(search) => onChange({ search })}
          />
          <DebouncedTextInput
            label="ID da execução"
            value={filters.executionId}
            onCommit={(executionId) => onChange({ executionId })}
          />
          <Select
            label="Flow"
            searchable
            allowDeselect={false}
            nothingFoundMessage="Nenhum flow encontrado"
            onDropdownOpen={onFlowsOpen}
            data={flowOptions}
            value={filters.flow || allFlows}
            onChange={(value) => onChange({ flow: !value || value === allFlows ? '' : value })}
          />
          <Select
            label="Tipo de log"
            allowDeselect={false}
            data={typeOptions}
            value={filters.type}
            onChange={(value) => onChange({ type: (value ?? allTypes) as LogType | 'all' })}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
