import { useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { matchesSearch } from '@ponte/shared/search-text';
import { serviceAccountTypeLabels } from '@ponte/shared/service-accounts.schema';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { SearchBox } from '../../components/search-box';
import { TruncatedText } from '../../components/truncated-text';
import { errorMessage } from '../../lib/api/api-error';
import { workspaceStore } from '../../lib/session/session-store';
import { toast } from '../../lib/toasts';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { AccountRowActions } from './account-row-actions';
import { useAccountRemoval } from './account-removal';
import { AccountStatusBadge, LastChecked } from './account-status-badge';
import { getAuthorizationUrl } from './api/get-authorization-url';
import { useServiceAccounts } from './api/get-service-accounts';
import type { ListedAccount } from './api/get-service-accounts';
import { useTestServiceAccount } from './api/test-service-account';
import { leaveTo } from './leave-to';
import { ServiceAccountFormModal } from './service-account-form-modal';
import { TokenCreatedModal } from './token-created-modal';

interface ModalState {
  opened: boolean;
  account: ListedAccount | null;
  /** Changes on every opening so the form starts fresh. */
  session: number;
}

/** The name or the type holds the query, case and accents aside. */
function matches(account: ListedAccount, query: string): boolean {
  const wanted = query.trim();
  return [account.name, serviceAccountTypeLabels[account.auth_type]].some((text) =>
    matchesSearch(text, wanted),
  );
}

/** 'Testar conexão': the server really tries it; its answer is the toast, the list reloads. */
function useConnectionTest() {
  const test = useTestServiceAccount();
  const [testing, setTesting] = useState<string | null>(null);
  const run = async (account: ListedAccount) => {
    setTesting(account._id);
    try {
      const health = await test.mutateAsync(account._id);
      if (health.status === 'ok') toast.success(health.message ?? 'Conexão bem-sucedida.');
      else toast.error(health.message ?? 'A conexão falhou.');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setTesting(null);
    }
  };
  return { testing, run };
}

/** 'Autorizar conta': asks the server where to consent, then leaves for it (spec 2 §4, §7). */
function useAuthorize() {
  const [authorizing, setAuthorizing] = useState<string | null>(null);
  const run = async (account: ListedAccount) => {
    setAuthorizing(account._id);
    try {
      leaveTo(await getAuthorizationUrl(account, workspaceStore.get()?._id));
    } catch {
      toast.error(messages.serviceAccounts.authorizeError);
      setAuthorizing(null);
    }
  };
  return { authorizing, run };
}

/** /service-accounts (spec 2 'Service accounts'): credentials, their state and their use. */
export function ServiceAccountsPage() {
  const { data, isPending, isError, error } = useServiceAccounts();
  const [params] = useSearchParams();
  const query = params.get('query') ?? '';
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [modal, setModal] = useState<ModalState>({ opened: false, account: null, session: 0 });
  const [token, setToken] = useState<string | null>(null);
  const removal = useAccountRemoval();
  const connection = useConnectionTest();
  const authorize = useAuthorize();
  const openForm = (account: ListedAccount | null) =>
    setModal((current) => ({ opened: true, account, session: current.session + 1 }));

  // Only who may manage service accounts sees a form that takes secrets (docs/adr/0106).
  const denied = useCan('serviceAccounts.write').reason;
  const createButton = (
    <DeniedButton
      leftSection={<IconPlus size={16} />}
      onClick={() => openForm(null)}
      denied={denied}
    >
      Criar conta de serviço
    </DeniedButton>
  );
  const accounts = (data?.items ?? []).filter((account) => !query || matches(account, query));

  const columns: TableColumn<ListedAccount>[] = [
    {
      key: 'name',
      header: 'Nome',
      render: (account) => (
        <TruncatedText size="sm" fw={500}>
          {account.name}
        </TruncatedText>
      ),
    },
    {
      key: 'type',
      header: 'Tipo',
      render: (account) => <Text size="sm">{serviceAccountTypeLabels[account.auth_type]}</Text>,
    },
    {
      key: 'status',
      header: 'Estado',
      render: (account) => <AccountStatusBadge health={account.health} />,
    },
    {
      key: 'checked',
      header: 'Último teste',
      width: 170,
      render: (account) => <LastChecked health={account.health} />,
    },
    {
      key: 'flows',
      header: 'Flows',
      width: 80,
      render: (account) => <Text size="sm">{account.flows_count.toLocaleString('pt-BR')}</Text>,
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      render: (account) => (
        <AccountRowActions
          account={account}
          testing={connection.testing === account._id}
          authorizing={authorize.authorizing === account._id}
          onEdit={() => openForm(account)}
          onTest={() => void connection.run(account)}
          onAuthorize={() => void authorize.run(account)}
          onRemove={() => removal.ask(account)}
          denied={denied}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Contas de serviço"
        description="Credenciais que os flows usam para falar com outros sistemas."
        actions={createButton}
      />
      <Stack gap="md">
        <SearchBox label="Buscar contas de serviço" delay={150} />
        {isError ? (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : (
          <PaginatedTable
            label="Contas de serviço"
            columns={columns}
            rows={accounts}
            rowKey={(account) => account._id}
            page={1}
            total={accounts.length}
            pageSize={Math.max(1, accounts.length)}
            onPageChange={() => undefined}
            loading={isPending}
            cards={isPhone}
            empty={
              query ? (
                <EmptyState title="Nenhuma conta de serviço encontrada para esta busca." />
              ) : (
                <EmptyState title="Nenhuma conta de serviço criada ainda." action={createButton} />
              )
            }
          />
        )}
      </Stack>
      <ServiceAccountFormModal
        opened={modal.opened}
        account={modal.account}
        session={modal.session}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
        onTokenCreated={setToken}
      />
      <TokenCreatedModal token={token} onClose={() => setToken(null)} />
      {removal.modals}
    </>
  );
}
