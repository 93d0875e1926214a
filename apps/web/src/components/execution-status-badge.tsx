import { Badge } from '@mantine/core';

export type ExecutionStatus = 'queued' | 'running' | 'success' | 'error' | 'stopped' | 'crashed';

const looks: Record<ExecutionStatus, { label: string; color: string }> = {
  queued: { label: 'Na fila', color: 'gray' },
  running: { label: 'Em execução', color: 'blue' },
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
