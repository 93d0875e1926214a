import { Alert, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import {
  securityEventKindLabels,
  securityEventKinds,
  securityLogPageSize,
  type SecurityEvent,
  type SecurityEventKind,
} from '@ponte/shared/security-log.schema';
import { EmptyState } from '../../components/empty-state';
import { PaginatedTable, type TableColumn } from '../../components/paginated-table';
import { errorMessage } from '../../lib/api/api-error';
import { useCan } from '../../lib/session/use-can';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { AccountPageFrame } from './account-page-frame';
import { useSecurityLog } from './api/get-security-log';

const kindColors: Record<SecurityEventKind, string> = {
  cross_workspace_denied: 'red',
  sign_in_failed: 'orange',
  throttled: 'yellow',
  sandbox_killed: 'grape',
  api_token_created: 'blue',
  api_token_revoked: 'gray',
  sso_failed: 'orange',
};

const columns: TableColumn<SecurityEvent>[] = [
  {
    key: 'when',
    header: 'Quando',
    width: 170,
    render: (event) => <Text size="sm">{formatDateTime(event.created_at)}</Text>,
  },
  {
    key: 'kind',
    header: 'Tipo',
    width: 250,
    render: (event) => (
      <Badge
        color={kindColors[event.kind]}
        variant="light"
        radius="sm"
        tt="none"
        styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' } }}
      >
        {securityEventKindLabels[event.kind]}
      </Badge>
    ),
  },
  {
    key: 'user',
    header: 'Usuário',
    width: 200,
    render: (event) =>
      event.user ? (
        <Stack gap={0}>
          <Text size="sm">{event.user.name}</Text>
          <Text size="xs" c="dimmed">
            {event.user.email}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    key: 'resource',
    header: 'Recurso',
    width: 240,
    render: (event) => (
      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {event.resource}
      </Text>
    ),
  },
  {
    key: 'detail',
    header: 'Detalhe',
    render: (event) => <Text size="sm">{event.detail}</Text>,
  },
];

const kindOptions = [
  { value: '', label: 'Todos os tipos' },
  ...securityEventKinds.map((kind) => ({ value: kind, label: securityEventKindLabels[kind] })),
];

function useKindParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tipo');
  const kind = securityEventKinds.find((each) => each === raw) ?? null;
  const setKind = (next: string | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.delete('page');
      if (next) updated.set('tipo', next);
      else updated.delete('tipo');
      return updated;
    });
  return { kind, setKind };
}

/** /conta/seguranca: the security log of the current workspace, for the account's owner. */
export function SecurityLogPage() {
  const audit = useCan('audit.read');
  return (
    <AccountPageFrame title={messages.securityLog.title}>
      {audit.allowed ? (
        <SecurityLogTable />
      ) : (
        <Alert color="yellow" variant="light">
          {audit.reason}
        </Alert>
      )}
    </AccountPageFrame>
  );
}

function SecurityLogTable() {
  const { page, setPage } = useListParams();
  const { kind, setKind } = useKindParam();
  const log = useSecurityLog(page, kind);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const { data } = log;

  useClampedPage(data?.total, securityLogPageSize, { page, setPage });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text size="sm" c="dimmed" maw={560}>
          Acessos negados a outros workspaces, falhas ao entrar, limites de requisições atingidos e
          códigos interrompidos pelo sandbox neste workspace.
        </Text>
        <Select
          label="Filtrar por tipo"
          data={kindOptions}
          value={kind ?? ''}
          onChange={(value) => setKind(value || null)}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      {log.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(log.error)}
        </Alert>
      ) : (
        <PaginatedTable
          label={messages.securityLog.title}
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(event) => event._id}
          page={page}
          total={data?.total ?? 0}
          pageSize={securityLogPageSize}
          onPageChange={setPage}
          loading={log.isPending}
          cards={isPhone}
          empty={
            <EmptyState
              title={messages.securityLog.empty}
              icon={<IconShieldCheck size={28} stroke={1.5} />}
            />
          }
        />
      )}
    </Stack>
  );
}
