import { Badge, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '@ponte/shared/format';
import { serviceAccountStatusLabels } from '@ponte/shared/service-accounts.schema';
import type { ServiceAccountHealth } from '@ponte/shared/service-accounts.schema';

const looks = {
  unchecked: { color: 'gray', variant: 'light' },
  ok: { color: 'teal', variant: 'light' },
  failed: { color: 'red', variant: 'light' },
  reauthorization_required: { color: 'orange', variant: 'filled' },
} as const;

/** The account's state as a coloured badge; what the last check said in its tooltip. */
export function AccountStatusBadge({ health }: { health: ServiceAccountHealth }) {
  const look = looks[health.status];
  const badge = (
    <Badge
      color={look.color}
      variant={look.variant}
      radius="sm"
      style={{ textTransform: 'none' }}
      leftSection={
        health.status === 'reauthorization_required' ? <IconAlertTriangle size={12} /> : undefined
      }
    >
      {serviceAccountStatusLabels[health.status]}
    </Badge>
  );
  if (!health.message) return badge;
  return (
    <Tooltip label={health.message} multiline maw={320} withArrow>
      {badge}
    </Tooltip>
  );
}

/** When the account was last checked, or a dash. */
export function LastChecked({ health }: { health: ServiceAccountHealth }) {
  const when = formatDateTime(health.checked_at);
  return (
    <Text size="sm" c={when ? undefined : 'dimmed'}>
      {when || 'Nunca'}
    </Text>
  );
}
