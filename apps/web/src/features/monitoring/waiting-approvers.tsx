import { Badge, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { WaitingApprover } from '@ponte/shared/approval-requests.schema';

const statusLooks: Record<WaitingApprover['status'], { label: string; color: string }> = {
  pending: { label: 'Pendente', color: 'yellow' },
  approved: { label: 'Aprovou', color: 'teal' },
  rejected: { label: 'Rejeitou', color: 'red' },
  void: { label: 'Não precisou', color: 'gray' },
};

/** A link without PONTE_PUBLIC_URL is a path on this Ponte: copied whole, with the address. */
const absolute = (url: string) => new URL(url, window.location.origin).href;

/**
 * Whom an 'Aguardar aprovação' waits for (docs/adr/0115), each with how they answered; a pending
 * link can be copied, to send it again to whoever lost it. Nothing for another kind of wait.
 */
export function WaitingApprovers({ approvers }: { approvers: WaitingApprover[] }) {
  if (approvers.length === 0) return null;
  return (
    <Stack
      component="ul"
      gap={4}
      m={0}
      p={0}
      aria-label="Aprovadores"
      style={{ listStyle: 'none' }}
    >
      {approvers.map((item, index) => {
        const look = statusLooks[item.status];
        return (
          <Group component="li" key={`${index}-${item.approver}`} gap={6} wrap="wrap">
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {item.approver}
            </Text>
            <Badge size="xs" variant="light" color={look.color}>
              {look.label}
            </Badge>
            {item.status === 'pending' && item.url ? (
              <CopyButton value={absolute(item.url)}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
                    aria-label={`Copiar o link de ${item.approver}`}
                    onClick={copy}
                  >
                    {copied ? 'Copiado' : 'Copiar link'}
                  </Button>
                )}
              </CopyButton>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
