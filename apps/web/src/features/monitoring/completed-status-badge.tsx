import { Badge } from '@mantine/core';
import type { CompletedExecution } from './api/get-completed-executions';

type Status = CompletedExecution['data']['status'];

const looks: Record<Status, { label: string; color: string }> = {
  success: { label: 'Sucesso', color: 'teal' },
  error: { label: 'Erro', color: 'red' },
  stopped: { label: 'Interrompida', color: 'yellow' },
  crashed: { label: 'Interrompida por falha', color: 'orange' },
};

/** How a finished execution ended; never cut short, even in a narrow table. */
export function CompletedStatusBadge({ status }: { status: Status }) {
  const look = looks[status];
  return (
    <Badge variant="light" color={look.color} miw="max-content">
      {look.label}
    </Badge>
  );
}
