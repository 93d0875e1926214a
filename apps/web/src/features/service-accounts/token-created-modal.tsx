import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';

/** The new API token of a `ponte_token` account, shown this once with a copy button. */
export function TokenCreatedModal({
  token,
  onClose,
}: {
  token: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={token !== null} onClose={onClose} title="Token da API criado" size="lg" centered>
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {messages.serviceAccounts.tokenShownOnce}
        </Alert>
        <Code block aria-label="Token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {token}
        </Code>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={token ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copiado' : 'Copiar token'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Concluir</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
