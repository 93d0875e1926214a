import { Badge } from '@mantine/core';
import type { LogType } from '@ponte/shared/monitoring.schema';

const looks: Record<LogType, { label: string; color: string }> = {
  user: { label: 'Usuário', color: 'blue' },
  internal: { label: 'Evento interno', color: 'gray' },
  debug: { label: 'Debug', color: 'grape' },
};

/** The type of a log, as the monitoring page names it. */
export function LogTypeBadge({ type }: { type: LogType }) {
  const look = looks[type];
  return (
    <Badge size="xs" variant="light" color={look.color}>
      {look.label}
    </Badge>
  );
}
