import { useState } from 'react';
import { Alert, Box, Button, Center, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { useNavigate, useParams } from 'react-router';
import type { ExecutionData } from '@ponte/shared/execution-data.schema';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage, isApiError } from '../../../lib/api/api-error';
import { executionDataQueryOptions } from '../../../lib/executions/get-execution-data';
import { useFlow } from '../../../lib/flows/api/get-flow';
import { useShellOverrides } from '../../../lib/shell/shell-layout';
import { toast } from '../../../lib/toasts';
import type { CopiedPinsState } from '../run-data/use-copied-pins';
import { copyExecutionPins } from './copy-execution-pins';
import { ExecutionCanvas, type RerunFrom } from './execution-canvas';
import { RerunModal } from './rerun-modal';
import { ExecutionFlowVersion } from './execution-flow-version';
import { ExecutionTopBar } from './execution-top-bar';

/**
 * /flows/{flowId}/execucoes/{executionId} ('Abrir no editor', docs/adr/0089): a past execution
 * on a read-only canvas of the flow version it ran, each node's data in its panel.
 */
export function ExecutionViewPage() {
  const { flowId = '', executionId = '' } = useParams();
  useShellOverrides({ sidebarMinimised: true, headerHidden: true, fullBleed: true });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A re-run just started is shown as it goes: asked again each second until it ends.
  const execution = useQuery({
    ...executionDataQueryOptions(executionId),
    refetchInterval: (query) =>
      ['queued', 'running', 'waiting'].includes(query.state.data?.execution.status ?? '')
        ? 1000
        : false,
  });
  const flow = useFlow(flowId);
  const flowGone = isApiError(flow.error) && flow.error.status === 404;
  const [copying, setCopying] = useState(false);
  const data = execution.data;
  const openFlow = () => void navigate(`/flows/${encodeURIComponent(flowId)}`);

  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/monitoring/completed');
  };

  const copy = async (current: ExecutionData) => {
    setCopying(true);
    try {
      const pins = await copyExecutionPins(queryClient, current);
      if (Object.keys(pins).length === 0) {
        toast.warning('Esta execução não guardou saídas para copiar.');
        return;
      }
      const labels = Object.fromEntries(
        (current.flow?.nodes ?? []).map((node) => [node.uid, node.label ?? node.uid]),
      );
      const state: CopiedPinsState = { copiedPins: { executionId, pins, labels } };
      void navigate(`/flows/${encodeURIComponent(flowId)}`, { state });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setCopying(false);
    }
  };

  const shown = data?.kept && data.flow && !flowGone ? data : undefined;
  const finished =
    data && ['success', 'error', 'stopped', 'crashed'].includes(data.execution.status);
  // undefined: closed; null: the whole execution; else the node it starts from.
  const [rerunFrom, setRerunFrom] = useState<RerunFrom | null | undefined>(undefined);
  const rerunStarted = (id: string) => {
    setRerunFrom(undefined);
    toast.success('Reexecução iniciada.');
    void navigate(`/flows/${encodeURIComponent(flowId)}/execucoes/${encodeURIComponent(id)}`);
  };

  return (
    <Box h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <ExecutionTopBar
        executionId={executionId}
        execution={data?.execution}
        aiTokens={data?.ai_tokens}
        flowName={flow.data?.name}
        flowVersion={
          <ExecutionFlowVersion
            flowId={flowId}
            version={data?.execution.flow_version}
            current={flowGone ? undefined : flow.data?.version}
          />
        }
        onBack={goBack}
        onCopy={shown ? () => void copy(shown) : undefined}
        copying={copying}
        onOpenFlow={flowGone ? undefined : openFlow}
        onRerun={finished && !flowGone ? () => setRerunFrom(null) : undefined}
      />
      {data && rerunFrom !== undefined ? (
        <RerunModal
          opened
          executionId={executionId}
          {...(rerunFrom ? { from: rerunFrom } : {})}
          ranVersion={data.execution.flow_version}
          currentVersion={flow.data?.version}
          onClose={() => setRerunFrom(undefined)}
          onStarted={rerunStarted}
        />
      ) : null}
      {execution.isPending ? (
        <Center flex={1}>
          <Loader aria-label="Carregando" />
        </Center>
      ) : execution.isError ? (
        <Center flex={1} p="md">
          <Alert color="red" variant="light">
            {errorMessage(execution.error)}
          </Alert>
        </Center>
      ) : flowGone ? (
        <EmptyState title="O flow desta execução não existe mais." />
      ) : shown?.flow ? (
        <ReactFlowProvider key={executionId}>
          <ExecutionCanvas
            data={shown}
            doc={shown.flow}
            flowId={flowId}
            {...(finished ? { onRerunFrom: setRerunFrom } : {})}
          />
        </ReactFlowProvider>
      ) : (
        <EmptyState
          title="Os dados desta execução não foram guardados."
          description={data?.kept_reason}
          action={<Button onClick={openFlow}>Abrir flow atual</Button>}
        />
      )}
    </Box>
  );
}
