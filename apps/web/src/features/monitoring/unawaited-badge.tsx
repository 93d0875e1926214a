import { Badge, Tooltip } from '@mantine/core';
import { formatDateTime } from '@ponte/shared/format';

/**
 * An execution whose caller stopped waiting for its answer (a webhook answered 504, a form told
 * its time ran out, the calling flow stopped): nothing when someone waited to the end.
 */
export function UnawaitedBadge({ at }: { at: string | null | undefined }) {
  if (!at) return null;
  return (
    <Tooltip
      label={`Quem chamou parou de esperar a resposta em ${formatDateTime(at)}.`}
      multiline
      w={260}
      withArrow
    >
      <Badge variant="outline" color="gray" miw="max-content">
        Não aguardada
      </Badge>
    </Tooltip>
  );
}
