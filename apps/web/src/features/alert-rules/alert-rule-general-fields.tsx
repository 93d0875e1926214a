import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { alertRuleTypes } from '@ponte/shared/alert-rules.schema';
import type { AlertRuleBody, AlertRuleType } from '@ponte/shared/alert-rules.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import type { SetField } from './alert-rule-draft';

const m = messages.alertRules;
const typeData = alertRuleTypes.map((type) => ({ value: type, label: m.typeLabels[type] }));

/** Enable switch, name, group and type. */
export function AlertRuleGeneralFields({ body, set }: { body: AlertRuleBody; set: SetField }) {
  const groups = useGroupOptions();
  const groupData = (groups.data?.items ?? []).map((item) => ({
    value: item._id,
    label: item.name,
  }));
  return (
    <>
      <Switch
        label={m.active}
        checked={body.enabled}
        onChange={(event) => set('enabled', event.currentTarget.checked)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label="Nome"
          withAsterisk
          maxLength={limits.alertRuleNameMax}
          value={body.name}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Select
          label="Grupo"
          withAsterisk
          placeholder={m.noGroup}
          clearable
          data={groupData}
          value={body.group && groupData.some((g) => g.value === body.group) ? body.group : null}
          onChange={(value) => set('group', value)}
        />
        <Select
          label="Tipo"
          withAsterisk
          allowDeselect={false}
          data={typeData}
          value={body.type}
          onChange={(value) => value && set('type', value as AlertRuleType)}
        />
      </SimpleGrid>
    </>
  );
}
