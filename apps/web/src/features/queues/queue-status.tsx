import { Badge } from '@mantine/core';
import type { JobState, QueueStatus } from '@ponte/shared/queues.schema';

/** Spec 2 §4: a queue's state in pt-BR (waiting and rate_limit_waiting are display-only). */
export const queueStatusLabels: Record<QueueStatus, string> = {
  running: 'Em execução',
  paused: 'Pausada',
  waiting: 'Aguardando',
  rate_limit_waiting: 'Aguardando limite por segundo',
};

const colors: Record<QueueStatus, string> = {
  running: 'teal',
  paused: 'yellow',
  waiting: 'blue',
  rate_limit_waiting: 'orange',
};

export function QueueStatusBadge({ status }: { status: QueueStatus }) {
  return (
    <Badge color={colors[status]} variant="light">
      {queueStatusLabels[status]}
    </Badge>
  );
}

/** The counters of a queue, by state. */
export const jobStateLabels: Record<JobState, string> = {
  delayed: 'Agendadas',
  waiting: 'Aguardando',
  paused: 'Pausadas',
  active: 'Em execução',
  failed: 'Com falha',
  completed: 'Concluídas',
};

/** Only a running queue can be paused and only a paused one started (spec 2 §4). */
export function queueToggle(status: QueueStatus): 'pause' | 'resume' | null {
  if (status === 'paused') return 'resume';
  if (status === 'running') return 'pause';
  return null;
}
