import { useEffect, useMemo } from 'react';
import { Select, Stack, Text, Title } from '@mantine/core';
import type {
  CustomNodeExecutionType,
  CustomNodeParam,
  CustomNodeSaveIssue,
} from '@ponte/shared/custom-nodes.schema';
import { CodeEditor } from '../flow-editor/code-editor/code-editor';
import { CustomNodeParamsEditor } from './custom-node-params-editor';
import { CustomNodeTestPanel } from './custom-node-test-panel';
import { handlerTypings } from './handler-typings';

/** What the 'Funções' tab edits of the connector the editor holds. */
export interface CustomNodeFunctionsValue {
  execution_type: CustomNodeExecutionType;
  code_execution_content: string;
  params: CustomNodeParam[];
}

export interface CustomNodeFunctionsTabProps {
  value: CustomNodeFunctionsValue;
  onChange: (patch: Partial<CustomNodeFunctionsValue>) => void;
  /** The save issues of the whole connector; the tab shows those under `params` and the code. */
  issues: CustomNodeSaveIssue[];
}

/** Spec 2: the editor offers only custom_code. */
const executionTypeOptions = [
  { value: 'custom_code', label: 'Código personalizado (custom_code)' },
];

/** The connector's typings in Monaco while this tab is open (the code node's editor never sees them). */
function useHandlerTypings(params: CustomNodeParam[]) {
  const typings = useMemo(() => handlerTypings(params), [params]);
  useEffect(() => {
    let remove: (() => void) | null = null;
    let gone = false;
    void import('./handler-typings-monaco').then(({ addHandlerTypings }) => {
      if (!gone) remove = addHandlerTypings(typings);
    });
    return () => {
      gone = true;
      remove?.();
    };
  }, [typings]);
}

const messagesAt = (issues: CustomNodeSaveIssue[], key: string) =>
  issues.filter((issue) => issue.path[0] === key).map((issue) => issue.message);

/** The 'Funções' tab: execution type, handler, parameters and the 'Testar' panel. */
export function CustomNodeFunctionsTab({ value, onChange, issues }: CustomNodeFunctionsTabProps) {
  useHandlerTypings(value.params);
  const typeErrors = messagesAt(issues, 'execution_type');
  const codeErrors = messagesAt(issues, 'code_execution_content');

  return (
    <Stack gap="lg">
      <Select
        label="Tipo de execução"
        data={executionTypeOptions}
        value={value.execution_type === 'custom_code' ? 'custom_code' : null}
        allowDeselect={false}
        error={typeErrors[0]}
        onChange={(next) => next && onChange({ execution_type: next as CustomNodeExecutionType })}
        maw={420}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Código do handler
        </Text>
        <Text size="xs" c="dimmed">
          Defina async function handler(msg, params): o que ela retornar segue para o próximo
          conector. Use serviceAccount(&apos;nome do parâmetro&apos;) para chamar uma API com a
          conta de serviço escolhida no fluxo.
        </Text>
        <CodeEditor
          label="Código do handler"
          language="javascript"
          height={360}
          value={value.code_execution_content}
          onChange={(code) => onChange({ code_execution_content: code })}
        />
        {codeErrors.map((message) => (
          <Text key={message} size="sm" c="red" role="alert">
            {message}
          </Text>
        ))}
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Parâmetros
        </Title>
        <CustomNodeParamsEditor
          params={value.params}
          onChange={(params) => onChange({ params })}
          issues={issues}
        />
      </Stack>
      <CustomNodeTestPanel code={value.code_execution_content} params={value.params} />
    </Stack>
  );
}
