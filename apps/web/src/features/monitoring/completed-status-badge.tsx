import { Badge } from '@mantine/core';
import type { CompletedExecution } from './api/get-completed-executions';

type Status = CompletedExecution['data']['status'];

const looks: Record<Status, { label: string; color: string }> = {
  success: { label: 'Sucesso', color: 'teal' },
  error: { label: 'Erro', color: 'red' },
  stopped: { label: 'Interrompida', color: 'yellow' },
  crashed: { label: 'Interrompida por falha', color: 'orange' },
};

/** How a finished execution ended. */
export function CompletedStatusBadge({ status }: { status: Status }) {
  const look = looks[status];
  return (
    <Badge variant="light" color={look.color}>
      {look.label}
    </Badge>
  );
}
