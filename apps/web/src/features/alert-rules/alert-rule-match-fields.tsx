import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { matchLogTypes } from '@ponte/shared/alert-rules.schema';
import type { AlertRuleBody, MatchLogType } from '@ponte/shared/alert-rules.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { useFlowNames } from '../../lib/flows/api/get-flow-names';
import type { SetField } from './alert-rule-draft';
import { AlertRuleTestBox } from './alert-rule-test-box';

const m = messages.alertRules;
const sourceData = matchLogTypes.map((type) => ({ value: type, label: m.matchTypeLabels[type] }));
const windowData = limits.alertWindows.map((seconds) => ({
  value: String(seconds),
  label: m.windowLabels[seconds] ?? `${seconds} s`,
}));

/**
 * The flows select: empty means every flow (match_log, stuck_execution) or nothing chosen yet
 * (no_success).
 */
export function FlowSelect(props: {
  value: string | null;
  onChange: (value: string | null) => void;
  required?: boolean;
}) {
  const { flows, refresh } = useFlowNames(props.value ? [props.value] : []);
  return (
    <Select
      label="Flow"
      withAsterisk={props.required}
      placeholder={props.required ? 'Escolha o flow' : m.allFlows}
      searchable
      clearable
      nothingFoundMessage="Nenhum flow encontrado"
      data={flows.map((flow) => ({ value: flow._id, label: flow.name }))}
      value={props.value || null}
      onChange={props.onChange}
      onDropdownOpen={refresh}
    />
  );
}

/** Match de logs: flow filter, source, JSON field, content, capture window and the test box. */
export function AlertRuleMatchFields({ body, set }: { body: AlertRuleBody; set: SetField }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <FlowSelect value={body.flow_id ?? null} onChange={(value) => set('flow_id', value)} />
        <Select
          label="Origem"
          withAsterisk
          allowDeselect={false}
          data={sourceData}
          value={body.match_log_type}
          onChange={(value) => value && set('match_log_type', value as MatchLogType)}
        />
        <Select
          label="Janela de captura"
          withAsterisk
          allowDeselect={false}
          data={windowData}
          value={String(body.timewindow_seconds)}
          onChange={(value) => value && set('timewindow_seconds', Number(value))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: body.match_log_type === 'message_json' ? 2 : 1 }}>
        {body.match_log_type === 'message_json' ? (
          <TextInput
            label="Campo do JSON"
            withAsterisk
            maxLength={limits.alertJsonFieldMax}
            placeholder="pedido.status"
            value={body.match_log_json_field}
            onChange={(event) => set('match_log_json_field', event.currentTarget.value)}
          />
        ) : null}
        <TextInput
          label="Conteúdo"
          description={m.contentHint}
          withAsterisk
          maxLength={limits.alertMatchContentMax}
          placeholder="timeout"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={body.match_log_content}
          onChange={(event) => set('match_log_content', event.currentTarget.value)}
        />
      </SimpleGrid>
      <AlertRuleTestBox body={body} />
    </Stack>
  );
}
