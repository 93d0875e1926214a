import { Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AlertRuleBody } from '@ponte/shared/alert-rules.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { AlertRuleDraft, SetField, TimeUnit } from './alert-rule-draft';
import { FlowSelect } from './alert-rule-match-fields';
import { useQueueNames } from '../../lib/queues/queue-names';

const unitData = [
  { value: 'minutes', label: 'minutos' },
  { value: 'hours', label: 'horas' },
];

/** A unit written inside the input, after the number ('mensagens', 'minutos'). */
const unitSection = (unit: string, width: number) => ({
  rightSection: (
    <Text size="xs" c="dimmed" pr="xs">
      {unit}
    </Text>
  ),
  rightSectionWidth: width,
});

const numberOf = (value: string | number): number | null =>
  typeof value === 'number' ? value : value === '' ? null : Number(value);

/** Flow sem sucesso: the flow and the time without a successful end (a number and a unit). */
export function NoSuccessFields(props: {
  draft: AlertRuleDraft;
  set: SetField;
  setNoSuccess: (amount: number | null, unit: TimeUnit) => void;
}) {
  const { draft, set, setNoSuccess } = props;
  const max =
    draft.noSuccessUnit === 'hours' ? limits.alertMinutesMax / 60 : limits.alertMinutesMax;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <FlowSelect
        required
        value={draft.body.flow_id ?? null}
        onChange={(value) => set('flow_id', value)}
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NumberInput
          label="Sem sucesso há mais de"
          withAsterisk
          min={1}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          style={{ flex: 1 }}
          value={draft.noSuccessAmount ?? ''}
          onChange={(value) => setNoSuccess(numberOf(value), draft.noSuccessUnit)}
        />
        <Select
          aria-label="Unidade"
          w={120}
          allowDeselect={false}
          data={unitData}
          value={draft.noSuccessUnit}
          onChange={(value) => value && setNoSuccess(draft.noSuccessAmount, value as TimeUnit)}
        />
      </Group>
    </SimpleGrid>
  );
}

/** Fila acumulada: the queue, 'mais de N mensagens' and 'por M minutos'. */
export function QueueBacklogFields({ body, set }: { body: AlertRuleBody; set: SetField }) {
  const { queues } = useQueueNames();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Select
        label="Fila"
        withAsterisk
        placeholder="Escolha a fila"
        searchable
        nothingFoundMessage="Nenhuma fila encontrada"
        data={queues.map((queue) => ({ value: queue._id, label: queue.name }))}
        value={body.queue_id ?? null}
        onChange={(value) => set('queue_id', value)}
      />
      <NumberInput
        label="Mais de"
        withAsterisk
        min={0}
        allowDecimal={false}
        allowNegative={false}
        {...unitSection('mensagens', 90)}
        value={body.queue_depth_above ?? ''}
        onChange={(value) => set('queue_depth_above', numberOf(value))}
      />
      <NumberInput
        label="Por"
        withAsterisk
        min={1}
        max={limits.alertMinutesMax}
        allowDecimal={false}
        allowNegative={false}
        {...unitSection('minutos', 70)}
        value={body.queue_depth_minutes ?? ''}
        onChange={(value) => set('queue_depth_minutes', numberOf(value))}
      />
    </SimpleGrid>
  );
}

/**
 * Execução sem worker: the flow (empty: any flow of the workspace) and 'na fila há mais de M
 * minutos', with what the alert means: no worker process alive to run them.
 */
export function StuckExecutionFields({ body, set }: { body: AlertRuleBody; set: SetField }) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FlowSelect value={body.flow_id ?? null} onChange={(value) => set('flow_id', value)} />
        <NumberInput
          label="Na fila há mais de"
          withAsterisk
          min={1}
          max={limits.alertMinutesMax}
          allowDecimal={false}
          allowNegative={false}
          {...unitSection('minutos', 70)}
          value={body.stuck_minutes ?? ''}
          onChange={(value) => set('stuck_minutes', numberOf(value))}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {messages.alertRules.stuckHint}
      </Text>
    </Stack>
  );
}
