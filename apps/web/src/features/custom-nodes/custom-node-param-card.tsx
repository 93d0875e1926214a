import {
  ActionIcon,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { customNodeColumnTypes, customNodeOptionTypes } from '@ponte/shared/custom-nodes.schema';
import type {
  CustomNodeParam,
  CustomNodeParamType,
  CustomNodeSaveIssue,
} from '@ponte/shared/custom-nodes.schema';
import { limits } from '@ponte/shared/limits';
import { httpSigningTypes } from '@ponte/shared/service-account-hosts';
import { serviceAccountTypeLabels } from '@ponte/shared/service-accounts.schema';
import { CustomNodeParamColumns, CustomNodeParamOptions } from './custom-node-param-choices';
import { customNodeParamTypeOptions, noDefaultParamTypes } from './custom-node-param-labels';

interface CustomNodeParamCardProps {
  param: CustomNodeParam;
  /** Where it is shown (from 0) and how many there are. */
  index: number;
  count: number;
  /** The save issues about this param (path `params.<its index>.…`). */
  issues: CustomNodeSaveIssue[];
  onChange: (param: CustomNodeParam) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
}

const placed = ['name', 'label', 'options', 'columns'];

/** The messages of the issues whose path goes on with `key` (null: any key not shown at a field). */
function messagesAt(issues: CustomNodeSaveIssue[], key: string | null) {
  return issues
    .filter((issue) =>
      key === null ? !placed.includes(String(issue.path[2])) : issue.path[2] === key,
    )
    .map((issue) => issue.message);
}

/** What the param keeps when its type changes: no default where the type has none. */
function withType(param: CustomNodeParam, type: CustomNodeParamType): CustomNodeParam {
  return noDefaultParamTypes.includes(type)
    ? { ...param, type, default_value: '' }
    : { ...param, type };
}

function MoveButtons({
  index,
  count,
  onMove,
}: Pick<CustomNodeParamCardProps, 'index' | 'count' | 'onMove'>) {
  const n = index + 1;
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label="Mover para cima">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Mover parâmetro ${n} para cima`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Mover para baixo">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Mover parâmetro ${n} para baixo`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

const accountTypeOptions = httpSigningTypes.map((type) => ({
  value: type,
  label: serviceAccountTypeLabels[type],
}));

/** 'Mostrar só quando operacao for listar ou criar': what `show_when` says, read-only. */
function showWhenText(showWhen: Record<string, string[]>): string {
  return Object.entries(showWhen)
    .map(([name, values]) => `${name} for ${values.join(' ou ')}`)
    .join(' e ');
}

/** One param of the connector: every field of spec 2 §3 Param, with its issues beside it. */
export function CustomNodeParamCard(props: CustomNodeParamCardProps) {
  const { param, index, count, issues, onChange, onRemove, onMove } = props;
  const n = index + 1;
  const set = <K extends keyof CustomNodeParam>(key: K, value: CustomNodeParam[K]) =>
    onChange({ ...param, [key]: value });
  const nameError = messagesAt(issues, 'name')[0];
  const labelError = messagesAt(issues, 'label')[0];
  const defaultInput = {
    label: 'Valor padrão',
    maxLength: limits.customNodeParamTextMax,
    value: param.default_value,
    onChange: (event: { currentTarget: { value: string } }) =>
      set('default_value', event.currentTarget.value),
  };

  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`Parâmetro ${n}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" fw={600} truncate>
            {n}. {param.label || param.name || 'Novo parâmetro'}
          </Text>
          <Group gap={2} wrap="nowrap">
            <MoveButtons index={index} count={count} onMove={onMove} />
            <Tooltip label="Remover parâmetro">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remover parâmetro ${n}`}
                onClick={onRemove}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Nome"
            description={`O handler lê params.${param.name || 'nome'}`}
            withAsterisk
            maxLength={limits.customNodeParamNameMax}
            value={param.name}
            error={nameError}
            onChange={(event) => set('name', event.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <TextInput
            label="Label"
            description="O nome do campo no painel do fluxo"
            withAsterisk
            maxLength={500}
            value={param.label}
            error={labelError}
            onChange={(event) => set('label', event.currentTarget.value)}
          />
          <Select
            label="Tipo"
            data={customNodeParamTypeOptions}
            value={param.type}
            allowDeselect={false}
            onChange={(value) => value && onChange(withType(param, value as CustomNodeParamType))}
          />
        </SimpleGrid>
        {noDefaultParamTypes.includes(param.type) ? null : param.type === 'textarea' ||
          param.type === 'code-editor' ? (
          <Textarea {...defaultInput} autosize minRows={2} maxRows={8} />
        ) : (
          <TextInput {...defaultInput} />
        )}
        <TextInput
          label="Descrição"
          description="Uma linha de ajuda sob o campo no painel do fluxo"
          maxLength={limits.customNodeDescriptionMax}
          value={param.description ?? ''}
          onChange={(event) => set('description', event.currentTarget.value)}
        />
        {param.type === 'service_account' ? (
          <MultiSelect
            label="Tipos de conta aceitos"
            description="Vazio: qualquer conta que assine requisições HTTP"
            data={accountTypeOptions}
            value={param.accepts ?? []}
            onChange={(accepts) => set('accepts', accepts)}
            clearable
          />
        ) : null}
        {param.show_when && Object.keys(param.show_when).length ? (
          <Text size="xs" c="dimmed">
            Mostrado no painel só quando {showWhenText(param.show_when)}.
          </Text>
        ) : null}
        <Checkbox
          label="Obrigatório"
          checked={param.is_required}
          onChange={(event) => set('is_required', event.currentTarget.checked)}
        />
        {customNodeOptionTypes.includes(param.type) ? (
          <CustomNodeParamOptions
            options={param.options}
            onChange={(options) => set('options', options)}
            n={n}
            errors={messagesAt(issues, 'options')}
          />
        ) : null}
        {customNodeColumnTypes.includes(param.type) ? (
          <CustomNodeParamColumns
            columns={param.columns}
            onChange={(columns) => set('columns', columns)}
            n={n}
            errors={messagesAt(issues, 'columns')}
          />
        ) : null}
        {messagesAt(issues, null).map((message) => (
          <Text key={message} size="xs" c="red">
            {message}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
