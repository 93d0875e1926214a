import { Badge } from '@mantine/core';
import type { ExecutionData } from '@ponte/shared/execution-data.schema';

/** Every status the shared schema knows: a new one must get its look below. */
export type ExecutionStatus = ExecutionData['execution']['status'];

const looks: Record<ExecutionStatus, { label: string; color: string }> = {
  queued: { label: 'Na fila', color: 'gray' },
  running: { label: 'Em execução', color: 'blue' },
  waiting: { label: 'Aguardando', color: 'indigo' },
  success: { label: 'Sucesso', color: 'teal' },
  error: { label: 'Erro', color: 'red' },
  stopped: { label: 'Interrompida', color: 'yellow' },
  crashed: { label: 'Interrompida por falha', color: 'orange' },
};

/** How an execution ended (or that it has not); never cut short, even in a narrow table. */
export function ExecutionStatusBadge({ status }: { status: ExecutionStatus }) {
  const look = looks[status];
  return (
    <Badge variant="light" color={look.color} miw="max-content">
      {look.label}
    </Badge>
  );
}

/** 'Editor' on an execution started by 'Executar até aqui' / 'Executar este conector'. */
export function EditorModeBadge() {
  return (
    <Badge variant="outline" color="grape" miw="max-content">
      Editor
    </Badge>
  );
}
