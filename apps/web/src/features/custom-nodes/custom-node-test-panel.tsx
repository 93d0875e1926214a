import { useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { parseBrNumber } from '@ponte/shared/brazil/numbers';
import type { CustomNodeParam, CustomNodeTestResult } from '@ponte/shared/custom-nodes.schema';
import { paramShown, type ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import { JsonTree } from '../../components/json-tree';
import { useServiceAccountOptions } from '../../lib/service-accounts/api/get-service-account-options';
import { useTestCustomNode } from './api/test-custom-node';
import { paramsInOrder } from './custom-node-params-editor';

interface CustomNodeTestPanelProps {
  /** The handler and params as the editor holds them now (saved or not). */
  code: string;
  params: CustomNodeParam[];
}

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
const defaultMessage = '{\n  "payload": {}\n}';

/** The value a param starts with in the panel. */
const initialValue = (param: CustomNodeParam) =>
  param.type === 'table-params' ? '[]' : param.default_value;

export const tableValueInvalid = (label: string) =>
  `O valor do parâmetro "${label}" precisa ser uma lista JSON, por exemplo [{"chave": "valor"}].`;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function parseMessage(text: string): Parsed<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return { ok: true, value: value as Record<string, unknown> };
  } catch {
    // Falls through to the message below.
  }
  return { ok: false, error: messages.customNodes.testMessageInvalid };
}

export const numberValueInvalid = (label: string) =>
  `O valor do parâmetro "${label}" precisa ser um número, por exemplo 1.234,56.`;

/**
 * The params the node panel would show with these values: one whose `show_when` names a select
 * holding another value is hidden, and left out of the test as the flow leaves it out.
 */
export function shownParams(
  params: CustomNodeParam[],
  typed: Record<string, string>,
): CustomNodeParam[] {
  const specs: Record<string, ParamSpec> = {};
  for (const param of params) {
    specs[param.name] = {
      type: 'text',
      label: param.label,
      ...(param.default_value ? { default: param.default_value } : {}),
      ...(param.show_when ? { showWhen: param.show_when } : {}),
    };
  }
  const values = Object.fromEntries(
    params.map((param) => [param.name, typed[param.name] ?? initialValue(param)]),
  );
  return params.filter((param) => paramShown(specs, specs[param.name]!, values));
}

function parseValues(
  params: CustomNodeParam[],
  typed: Record<string, string>,
): Parsed<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const param of params) {
    const text = typed[param.name] ?? initialValue(param);
    if (param.type === 'boolean') {
      values[param.name] = text === 'true';
      continue;
    }
    if (param.type === 'number') {
      // Typed as Brazilians type numbers ('1.234,56'); left empty, the param is not given.
      if (!text.trim()) continue;
      const number = parseBrNumber(text.trim());
      if (number === null)
        return { ok: false, error: numberValueInvalid(param.label || param.name) };
      values[param.name] = number;
      continue;
    }
    if (param.type !== 'table-params') {
      values[param.name] = text;
      continue;
    }
    try {
      const rows: unknown = JSON.parse(text || '[]');
      if (!Array.isArray(rows)) throw new Error('not a list');
      values[param.name] = rows;
    } catch {
      return { ok: false, error: tableValueInvalid(param.label || param.name) };
    }
  }
  return { ok: true, value: values };
}

interface ValueInputProps {
  param: CustomNodeParam;
  value: string;
  onChange: (value: string) => void;
}

function AccountInput({ param, value, onChange }: ValueInputProps) {
  // The types the connector accepts (absent: every HTTP one, as the node panel offers).
  const { accounts } = useServiceAccountOptions(param.accepts ?? []);
  return (
    <Select
      label={param.label || param.name}
      description={param.description || undefined}
      placeholder="Escolha uma conta de serviço"
      data={accounts.map((account) => ({ value: account._id, label: account.name }))}
      value={value || null}
      clearable
      searchable
      onChange={(next) => onChange(next ?? '')}
    />
  );
}

/** One input per param, by its type: a select offers its options, a table takes JSON rows. */
function ValueInput({ param, value, onChange }: ValueInputProps) {
  const label = param.label || param.name;
  const description = param.description || undefined;
  switch (param.type) {
    case 'boolean':
      return (
        <Switch
          label={label}
          description={description}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
        />
      );
    case 'number':
      return (
        <TextInput
          label={label}
          description={description}
          inputMode="decimal"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'select':
      return (
        <Select
          label={label}
          description={description}
          data={param.options
            .filter((option) => option.value)
            .map((option) => ({ value: option.value, label: option.label || option.value }))}
          value={value || null}
          clearable
          onChange={(next) => onChange(next ?? '')}
        />
      );
    case 'table-params':
      return (
        <Textarea
          label={label}
          description={`${description ? `${description} ` : ''}Lista JSON de linhas com as chaves: ${param.columns.map((c) => c.key).join(', ')}`}
          autosize
          minRows={2}
          maxRows={8}
          styles={monospace}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'service_account':
      return <AccountInput param={param} value={value} onChange={onChange} />;
    default:
      return (
        <TextInput
          label={label}
          description={description}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

function TestResult({ result }: { result: CustomNodeTestResult }) {
  return (
    <Stack gap="sm">
      {result.ok ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Resultado
          </Text>
          <JsonTree value={result.msg} rootName="msg" />
        </Stack>
      ) : (
        <Alert color="red" title="Erro" role="alert">
          {result.error}
        </Alert>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Logs
        </Text>
        {result.logs.length ? (
          <Code block aria-label="Logs">
            {result.logs.map((line) => line.message).join('\n')}
          </Code>
        ) : (
          <Text size="sm" c="dimmed">
            Nenhum log.
          </Text>
        )}
      </Stack>
      <Text size="sm" c="dimmed">
        Tempo: {Math.round(result.duration_ms)} ms
      </Text>
    </Stack>
  );
}

/**
 * 'Testar' (beyond the spec): runs the handler the editor holds, unsaved, with a sample message
 * and param values in the server's sandbox, and shows the outgoing message, the logs and the time.
 */
export function CustomNodeTestPanel({ code, params }: CustomNodeTestPanelProps) {
  const [messageText, setMessageText] = useState(defaultMessage);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [inputError, setInputError] = useState<string | null>(null);
  const test = useTestCustomNode();
  const ordered = paramsInOrder(params).map(({ param }) => param);
  const named = shownParams(
    ordered.filter((param) => param.name.trim()),
    typed,
  );

  const run = () => {
    const msg = parseMessage(messageText);
    const values = msg.ok ? parseValues(named, typed) : msg;
    if (!msg.ok || !values.ok) {
      setInputError(msg.ok ? (values as { error: string }).error : msg.error);
      test.reset();
      return;
    }
    setInputError(null);
    test.mutate({
      code_execution_content: code,
      params: ordered,
      values: values.value,
      msg: msg.value,
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Testar">
      <Title order={3} size="h4" mb="sm">
        Testar
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Textarea
            label="Mensagem de teste (JSON)"
            autosize
            minRows={4}
            maxRows={16}
            styles={monospace}
            value={messageText}
            onChange={(event) => setMessageText(event.currentTarget.value)}
          />
          {named.length ? (
            <Stack gap="xs" role="group" aria-label="Valores dos parâmetros">
              <Text size="sm" fw={500}>
                Valores dos parâmetros
              </Text>
              {named.map((param) => (
                <ValueInput
                  key={param.name}
                  param={param}
                  value={typed[param.name] ?? initialValue(param)}
                  onChange={(value) => setTyped((current) => ({ ...current, [param.name]: value }))}
                />
              ))}
            </Stack>
          ) : null}
          {inputError ? (
            <Text size="sm" c="red" role="alert">
              {inputError}
            </Text>
          ) : null}
          <Group>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={test.isPending}
              onClick={run}
            >
              Testar
            </Button>
          </Group>
        </Stack>
        <Stack gap="sm" aria-live="polite">
          {test.error ? (
            <Alert color="red" title="Erro" role="alert">
              {test.error.message}
            </Alert>
          ) : null}
          {test.data ? <TestResult result={test.data} /> : null}
          {!test.data && !test.error ? (
            <Text size="sm" c="dimmed">
              Execute o handler com a mensagem e os valores ao lado para ver o resultado, os logs e
              o tempo.
            </Text>
          ) : null}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
