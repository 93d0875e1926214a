import { Code, Stack, Text } from '@mantine/core';
import { useSessionWorkspace } from '../../../lib/session/session-store';

interface WebhookUrlProps {
  /** null until the flow is saved: the URL carries its id. */
  flowId: string | null;
  path: unknown;
}

/**
 * The address a webhook trigger answers at, from the engine URL the server reports for the
 * workspace (PONTE_PUBLIC_URL when set, so it is right behind a reverse proxy).
 */
export function WebhookUrl({ flowId, path }: WebhookUrlProps) {
  const workspace = useSessionWorkspace();
  const engineUrl = workspace?.engine_url ?? `${window.location.origin}/engine`;
  const route = typeof path === 'string' ? path.trim().replace(/^\/+/, '') : '';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        URL do webhook
      </Text>
      {flowId ? (
        <Code block style={{ wordBreak: 'break-all' }}>
          {`${engineUrl}/webhook/${flowId}/${route}`}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          Salve o flow para ver a URL do webhook.
        </Text>
      )}
    </Stack>
  );
}
