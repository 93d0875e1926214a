import { useState } from 'react';
import { Alert, Button, Code, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ApiToken } from '@ponte/shared/api-tokens.schema';
import { formatDateTime } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import { errorMessage } from '../../lib/api/api-error';
import { useSessionWorkspace } from '../../lib/session/session-store';
import { useCan } from '../../lib/session/use-can';
import { toast } from '../../lib/toasts';
import { useApiTokens } from './api/get-api-tokens';
import { useRevokeApiToken } from './api/revoke-api-token';
import { ApiTokenCreateModal } from './api-token-create-modal';
import { scopeLabel } from './scopes-picker';

/**
 * /api-tokens: the workspace's API tokens, with which MCP clients (Claude, Cursor) list and
 * call the flows marked 'Disponível como ferramenta MCP' (docs/ai.md).
 */
export function ApiTokensPage() {
  const manage = useCan('apiKeys.manage');
  // A role without `apiKeys.manage` reads the reason, and the list is not asked for.
  const { data, isPending, isError, error } = useApiTokens({ enabled: manage.allowed });
  const revoke = useRevokeApiToken();
  const workspace = useSessionWorkspace();
  const [creating, setCreating] = useState({ opened: false, session: 0 });
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const address = `${window.location.origin}/engine/mcp/${workspace?._id ?? '{workspace}'}`;

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking._id);
      toast.success(messages.mcpServer.tokenRevoked);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setRevoking(null);
    }
  };

  const createButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setCreating((current) => ({ opened: true, session: current.session + 1 }))}
    >
      Criar token
    </Button>
  );
  const tokens = data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Tokens de API"
        description="Dão a programas acesso à API do workspace, dentro dos escopos de cada token, e a clientes MCP (Claude, Cursor) os flows marcados como ferramenta."
        actions={manage.allowed ? createButton : null}
      />
      <Text size="sm" mb="md">
        Endereço do servidor MCP deste workspace: <Code>{address}</Code>
      </Text>
      {!manage.allowed ? (
        <Alert color="yellow" variant="light">
          {manage.reason}
        </Alert>
      ) : isError ? (
        <Alert color="red" variant="light">
          {errorMessage(error)}
        </Alert>
      ) : (
        <PaginatedTable
          label="Tokens de API"
          rows={tokens}
          rowKey={(token) => token._id}
          page={1}
          total={tokens.length}
          pageSize={Math.max(1, tokens.length)}
          onPageChange={() => undefined}
          loading={isPending}
          empty={<EmptyState title="Nenhum token criado ainda." action={createButton} />}
          columns={[
            { key: 'name', header: 'Nome', render: (token) => token.name },
            { key: 'hint', header: 'Token', render: (token) => <Code>{token.hint}</Code> },
            {
              key: 'scopes',
              header: 'Escopos',
              render: (token) => (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {token.scopes.map(scopeLabel).join(', ')}
                </Text>
              ),
            },
            {
              key: 'created',
              header: 'Criado em',
              render: (token) =>
                `${formatDateTime(token.created_at)}${token.created_by ? ` por ${token.created_by.name}` : ''}`,
            },
            {
              key: 'used',
              header: 'Último uso',
              render: (token) =>
                token.last_used_at ? formatDateTime(token.last_used_at) : 'Nunca usado',
            },
            {
              key: 'expires',
              header: 'Expira em',
              render: (token) => (token.expires_at ? formatDateTime(token.expires_at) : 'Nunca'),
            },
            {
              key: 'actions',
              header: 'Ações',
              align: 'right',
              width: 110,
              render: (token) => (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => setRevoking(token)}
                >
                  Revogar
                </Button>
              ),
            },
          ]}
        />
      )}
      <ApiTokenCreateModal
        opened={creating.opened}
        session={creating.session}
        onClose={() => setCreating((current) => ({ ...current, opened: false }))}
      />
      <ConfirmModal
        opened={revoking !== null}
        title="Revogar token"
        message={`O token "${revoking?.name ?? ''}" deixa de funcionar na hora, em todo cliente que o use.`}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
        loading={revoke.isPending}
        danger
      />
    </>
  );
}
