import { useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ConfirmModal } from '../../components/confirm-modal';
import { EngineStatusStrip } from '../../components/engine-status-strip';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api/api-error';
import { useNodeLibrary } from '../../lib/engine/get-node-library';
import { toast } from '../../lib/toasts';
import { useFlowNames } from '../../lib/flows/api/get-flow-names';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { useRestartEngine } from './api/restart-engine';
import { useStopExecution } from './api/stop-execution';
import { PendingApprovals } from './pending-approvals';
import { WaitingExecutions } from './waiting-executions';
import { RunningExecutionsTable } from './running-executions-table';
import { SystemUsageBars } from './system-usage-bars';
import { reconnectAfterRestartMs, useLiveMonitoring } from './use-live-monitoring';

/** Spec 2 §8, verbatim. */
const restartedMessage = 'Engine reiniciada! Aguarde alguns intantes...';
const restartFailedMessage = 'Algo deu errado ao reiniciar a engine!';

/**
 * /monitoring/active (spec 2 'Active flows'): running executions in real time, the agents'
 * tool calls waiting for a person, and the executions queued or waiting, with why.
 */
export function ActiveExecutionsPage() {
  const live = useLiveMonitoring();
  const { labelOf } = useNodeLibrary();
  const unnamedFlowIds = useMemo(
    () => live.executions.filter((run) => !run.flow_name).map((run) => run.flow_id),
    [live.executions],
  );
  const { nameOf } = useFlowNames(unnamedFlowIds);
  const stop = useStopExecution();
  const restart = useRestartEngine();
  // Restarting the engine is the workspace's settings (docs/adr/0106).
  const restartDenied = useCan('workspace.settings').reason;
  const [stopping, setStopping] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const requestStop = async (executionId: string) => {
    setStopping((current) => new Set(current).add(executionId));
    try {
      await stop.mutateAsync(executionId);
    } catch (failure) {
      setStopping((current) => {
        const next = new Set(current);
        next.delete(executionId);
        return next;
      });
      toast.error(errorMessage(failure));
    }
  };

  const confirmRestart = async () => {
    setConfirming(false);
    live.pause();
    try {
      await restart.mutateAsync();
      toast.success(restartedMessage);
    } catch {
      toast.error(restartFailedMessage);
    } finally {
      setStopping(new Set());
      live.resume(reconnectAfterRestartMs);
    }
  };

  const restartButton = (
    <DeniedButton
      color="red"
      variant="light"
      leftSection={<IconRefresh size={16} />}
      disabled={live.paused}
      onClick={() => setConfirming(true)}
      denied={restartDenied}
    >
      Reiniciar engine
    </DeniedButton>
  );

  return (
    <>
      <PageHeader title="Flows ativos em tempo real" actions={restartButton} />
      <Stack gap="md">
        <EngineStatusStrip paused={live.paused} />
        <PendingApprovals />
        <WaitingExecutions nameOf={nameOf} />
        <SystemUsageBars system={live.system} />
        <RunningExecutionsTable
          executions={live.executions}
          labelOf={labelOf}
          nameOf={nameOf}
          stopping={stopping}
          onStop={(executionId) => void requestStop(executionId)}
        />
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Reiniciar engine"
        message="Deseja realmente reiniciar a engine? As execuções em andamento serão interrompidas."
        onConfirm={() => void confirmRestart()}
        onCancel={() => setConfirming(false)}
        danger
      />
    </>
  );
}
