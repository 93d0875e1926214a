import { useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FlowVariableEntry } from '@ponte/shared/flow/flow-operations';
import { limits } from '@ponte/shared/limits';

interface FlowVariablesModalProps {
  opened: boolean;
  variables: FlowVariableEntry[];
  onClose: () => void;
  /** The rows as they should be saved: blank rows left out, keys trimmed. */
  onApply: (variables: FlowVariableEntry[]) => void;
}

interface Row extends FlowVariableEntry {
  id: number;
}

type RowErrors = Record<number, { key?: string; value?: string }>;

const overrideWarning =
  'As variáveis do flow podem sobrescrever variáveis do workspace ou do sistema com a mesma chave.';

/** Blank rows are left out; a key must be filled, short enough and not repeated. */
function checkRows(rows: Row[]): { variables: FlowVariableEntry[]; errors: RowErrors } {
  const filled = rows.filter((row) => row.key.trim() !== '' || row.value.trim() !== '');
  const counts = new Map<string, number>();
  for (const row of filled) counts.set(row.key.trim(), (counts.get(row.key.trim()) ?? 0) + 1);
  const errors: RowErrors = {};
  for (const row of filled) {
    const key = row.key.trim();
    const keyError = !key
      ? 'Informe a chave.'
      : key.length > limits.variableKeyMax
        ? `A chave deve ter no máximo ${limits.variableKeyMax} caracteres.`
        : (counts.get(key) ?? 0) > 1
          ? 'Chave repetida.'
          : undefined;
    const valueError =
      row.value.length > limits.variableValueMax
        ? `O valor deve ter no máximo ${limits.variableValueMax.toLocaleString('pt-BR')} caracteres.`
        : undefined;
    if (keyError || valueError) errors[row.id] = { key: keyError, value: valueError };
  }
  return { variables: filled.map((row) => ({ key: row.key.trim(), value: row.value })), errors };
}

/** Toolbar → Configurações → 'Variáveis': the flow's own key/value pairs (spec 1 §2.6). */
export function FlowVariablesModal({
  opened,
  variables,
  onClose,
  onApply,
}: FlowVariablesModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Variáveis" size="xl" centered>
      <VariablesForm variables={variables} onCancel={onClose} onApply={onApply} />
    </Modal>
  );
}

function VariablesForm({
  variables,
  onCancel,
  onApply,
}: {
  variables: FlowVariableEntry[];
  onCancel: () => void;
  onApply: (variables: FlowVariableEntry[]) => void;
}) {
  const nextId = useRef(variables.length);
  const [rows, setRows] = useState<Row[]>(() =>
    variables.map((variable, index) => ({ id: index, key: variable.key, value: variable.value })),
  );
  const [errors, setErrors] = useState<RowErrors>({});
  const [tooMany, setTooMany] = useState(false);

  const change = (id: number, field: 'key' | 'value', value: string) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, [field]: value } : row)));
    setErrors((current) => {
      if (!current[id]?.[field]) return current;
      return { ...current, [id]: { ...current[id], [field]: undefined } };
    });
  };

  const add = () =>
    setRows((current) => [...current, { id: nextId.current++, key: '', value: '' }]);
  const remove = (id: number) => setRows((current) => current.filter((row) => row.id !== id));

  const apply = () => {
    const checked = checkRows(rows);
    const overLimit = checked.variables.length > limits.flowVariablesMax;
    setErrors(checked.errors);
    setTooMany(overLimit);
    if (Object.keys(checked.errors).length > 0 || overLimit) return;
    onApply(checked.variables);
  };

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        {overrideWarning}
      </Alert>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma variável neste flow.
        </Text>
      ) : (
        <Stack gap="xs">
          {rows.map((row) => (
            <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label="Chave"
                placeholder="Chave"
                value={row.key}
                error={errors[row.id]?.key}
                onChange={(event) => change(row.id, 'key', event.currentTarget.value)}
                autoComplete="off"
                spellCheck={false}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                w="35%"
              />
              <TextInput
                aria-label="Valor"
                placeholder="Valor"
                value={row.value}
                error={errors[row.id]?.value}
                onChange={(event) => change(row.id, 'value', event.currentTarget.value)}
                autoComplete="off"
                spellCheck={false}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label="Remover variável"
                onClick={() => remove(row.id)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <div>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
          Adicionar variável
        </Button>
      </div>
      {tooMany && (
        <Text size="sm" c="red">
          {`Um flow pode ter no máximo ${limits.flowVariablesMax} variáveis.`}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={apply}>Aplicar</Button>
      </Group>
    </Stack>
  );
}
