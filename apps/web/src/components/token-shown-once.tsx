import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A secret the server answers once (an API token): the warning, the token and 'Copiar token',
 * and 'Concluir'. The server keeps only its hash, so this is the person's only chance to copy it.
 */
export function TokenShownOnce({
  token,
  warning,
  onDone,
  noun = 'token',
}: {
  token: string;
  warning: string;
  onDone: () => void;
  /** What is shown: 'token' (default) or 'link'. */
  noun?: 'token' | 'link';
}) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        {warning}
      </Alert>
      <Code
        block
        aria-label={noun === 'link' ? 'Link' : 'Token'}
        style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
      >
        {token}
      </Code>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={token}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copiado' : `Copiar ${noun}`}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Concluir</Button>
      </Group>
    </Stack>
  );
}
