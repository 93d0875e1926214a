import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import { authorizesInBrowser } from '@ponte/shared/service-accounts.schema';
import { DeniedButton } from '../../components/denied-button';
import { RowActionIcons } from '../../components/named-resource/row-action-icons';
import type { ListedAccount } from './api/get-service-accounts';

export const untestableNote = 'Teste de conexão indisponível para este tipo de conta.';

interface AccountRowActionsProps {
  account: ListedAccount;
  testing: boolean;
  authorizing: boolean;
  onEdit: () => void;
  onTest: () => void;
  onAuthorize: () => void;
  onRemove: () => void;
  /**
   * Why the role may not change the account (`serviceAccounts.write`: testing, authorizing,
   * editing and removing touch its secrets, docs/adr/0106); null when it may.
   */
  denied: string | null;
}

/**
 * Spec 2 §4: OAuth2 types offer 'Autorizar conta' until an access token is stored (an MCP
 * server's account only when its 'Autenticação' is OAuth2).
 */
export function authorizeLabel(account: ListedAccount): string | null {
  if (!authorizesInBrowser(account.auth_type, account[account.auth_type] ?? {})) return null;
  return account.secrets_set.includes('access_token')
    ? messages.serviceAccounts.reauthorize
    : messages.serviceAccounts.authorize;
}

/**
 * Editar, 'Testar conexão', 'Autorizar conta' / 'Reautorizar conta' and Remover of a row; all
 * disabled, with the reason, for a role that may not change service accounts.
 */
export function AccountRowActions(props: AccountRowActionsProps) {
  const { account, testing, authorizing, onEdit, onTest, onAuthorize, onRemove, denied } = props;
  const testable = account.testable !== false;
  const authorize = authorizeLabel(account);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {authorize ? (
        <DeniedButton
          size="compact-sm"
          variant={account.health.status === 'reauthorization_required' ? 'filled' : 'light'}
          color={account.health.status === 'reauthorization_required' ? 'orange' : undefined}
          loading={authorizing}
          onClick={onAuthorize}
          denied={denied}
          mr={4}
        >
          {authorize}
        </DeniedButton>
      ) : null}
      {denied ? null : (
        <Tooltip label={testable ? 'Testar conexão' : untestableNote}>
          {/* A disabled button gets no pointer events: the wrapper keeps the tooltip working. */}
          <span>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Testar conexão"
              disabled={!testable}
              loading={testing}
              onClick={onTest}
            >
              <IconPlugConnected size={17} />
            </ActionIcon>
          </span>
        </Tooltip>
      )}
      <RowActionIcons
        actions={[
          denied
            ? {
                label: 'Testar conexão',
                icon: <IconPlugConnected size={17} />,
                onClick: onTest,
                denied,
              }
            : null,
          { label: 'Editar', icon: <IconPencil size={17} />, onClick: onEdit, denied },
          {
            label: 'Remover',
            icon: <IconTrash size={17} />,
            color: 'red',
            onClick: onRemove,
            denied,
          },
        ]}
      />
    </Group>
  );
}
