import { Code, Stack, Text } from '@mantine/core';
import { useSessionWorkspace } from '../../../lib/session/session-store';

interface WebhookUrlProps {
  /** null until the flow is saved: the URL carries its id. */
  flowId: string | null;
  path?: unknown;
  /**
   * A service connector's trigger (docs/adr/0091): its node uid; the address is
   * /engine/hooks/{flow}/{node}, to be given to the service.
   */
  hookNode?: string;
  /** The trigger registers its address at the service itself when the flow is enabled. */
  registered?: boolean;
}

/**
 * The address a webhook trigger answers at, from the engine URL the server reports for the
 * workspace (PONTE_PUBLIC_URL when set, so it is right behind a reverse proxy).
 */
export function WebhookUrl({ flowId, path, hookNode, registered }: WebhookUrlProps) {
  const workspace = useSessionWorkspace();
  const engineUrl = workspace?.engine_url ?? `${window.location.origin}/engine`;
  const route = typeof path === 'string' ? path.trim().replace(/^\/+/, '') : '';
  const address = hookNode
    ? `${engineUrl}/hooks/${flowId}/${hookNode}`
    : `${engineUrl}/webhook/${flowId}/${route}`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {!hookNode
          ? 'URL do webhook'
          : registered
            ? 'URL do gatilho'
            : 'URL para informar ao serviço'}
      </Text>
      {hookNode && registered && (
        <Text size="xs" c="dimmed">
          O Ponte registra este endereço no serviço ao ativar o flow.
        </Text>
      )}
      {flowId ? (
        <Code block style={{ wordBreak: 'break-all' }}>
          {address}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          Salve o flow para ver a URL {hookNode ? 'que o serviço chama' : 'do webhook'}.
        </Text>
      )}
    </Stack>
  );
}
