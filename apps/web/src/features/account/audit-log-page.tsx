import { useState } from 'react';
import { Alert, Badge, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  auditActionName,
  auditActionNames,
  auditActions,
  auditAreaNames,
  auditCategories,
  auditCategoryNames,
  auditPageSize,
  type AuditEvent,
} from '@ponte/shared/audit.schema';
import { formatDateTime } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import { securityEventKindLabels, securityEventKinds } from '@ponte/shared/security-log.schema';
import { BrDateInput } from '../../components/br-date-input';
import { EmptyState } from '../../components/empty-state';
import { PaginatedTable, type TableColumn } from '../../components/paginated-table';
import { errorMessage } from '../../lib/api/api-error';
import { downloadBlob } from '../../lib/download-text';
import { useCan } from '../../lib/session/use-can';
import { toast } from '../../lib/toasts';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { AccountPageFrame } from './account-page-frame';
import { useMembers } from './api/members';
import { downloadAuditCsv, useAuditLog, type AuditFilters } from './api/get-audit-log';

const actionColors: Record<string, string> = {
  create: 'teal',
  delete: 'red',
  update: 'blue',
  enable: 'green',
  disable: 'gray',
  run: 'violet',
  stop: 'orange',
  cross_workspace_denied: 'red',
  sign_in_failed: 'orange',
  throttled: 'yellow',
  sandbox_killed: 'grape',
  signed_in: 'teal',
  sso_failed: 'orange',
};

function Who({ event }: { event: AuditEvent }) {
  const name = event.api_key
    ? `Token de API "${event.api_key.name}"`
    : (event.user?.name ?? event.actor_name);
  const below = event.api_key
    ? event.user
      ? `criado por ${event.user.name}`
      : null
    : (event.user?.email ?? null);
  if (!name) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{name}</Text>
      {below ? (
        <Text size="xs" c="dimmed">
          {below}
        </Text>
      ) : null}
      {event.ip ? (
        <Text size="xs" c="dimmed">
          IP {event.ip}
        </Text>
      ) : null}
    </Stack>
  );
}

function What({ event }: { event: AuditEvent }) {
  if (!event.resource_kind) {
    return (
      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {event.resource}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{auditAreaNames[event.resource_kind] ?? event.resource_kind}</Text>
      {event.resource_name ? (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {event.resource_name}
        </Text>
      ) : null}
      {event.resource_id ? (
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {event.resource_id}
        </Text>
      ) : null}
    </Stack>
  );
}

function Details({ event }: { event: AuditEvent }) {
  return (
    <Stack gap={2}>
      {event.detail ? <Text size="sm">{event.detail}</Text> : null}
      {event.changes.map((change) => (
        <Text key={change.field} size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span ff="monospace" size="xs" fw={600}>
            {change.field}
          </Text>
          : {change.before ?? '(vazio)'} → {change.after ?? '(vazio)'}
        </Text>
      ))}
    </Stack>
  );
}

const columns: TableColumn<AuditEvent>[] = [
  {
    key: 'when',
    header: 'Quando',
    width: 160,
    render: (event) => <Text size="sm">{formatDateTime(event.created_at)}</Text>,
  },
  { key: 'who', header: 'Quem', width: 220, render: (event) => <Who event={event} /> },
  {
    key: 'action',
    header: 'Ação',
    width: 200,
    render: (event) => (
      <Badge
        color={actionColors[event.action] ?? (event.category === 'security' ? 'orange' : 'blue')}
        variant="light"
        radius="sm"
        tt="none"
        styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' } }}
      >
        {auditActionName(event.action)}
      </Badge>
    ),
  },
  { key: 'resource', header: 'Recurso', width: 220, render: (event) => <What event={event} /> },
  { key: 'detail', header: 'Detalhes', render: (event) => <Details event={event} /> },
];

const filterParams = {
  category: 'categoria',
  action: 'acao',
  user_id: 'pessoa',
  resource_kind: 'area',
  from: 'de',
  to: 'ate',
} as const satisfies Record<keyof AuditFilters, string>;

/** The filters, kept in the address (`?categoria=security&de=2026-03-01`). */
function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    Object.entries(filterParams).map(([key, param]) => [key, params.get(param) ?? '']),
  ) as unknown as AuditFilters;
  const setFilter = (key: keyof AuditFilters, value: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.delete('page');
      if (value) updated.set(filterParams[key], value);
      else updated.delete(filterParams[key]);
      return updated;
    });
  return { filters, setFilter };
}

const categoryOptions = [
  { value: '', label: 'Todas' },
  ...auditCategories.map((category) => ({ value: category, label: auditCategoryNames[category] })),
];

const actionOptions = [
  { value: '', label: 'Todas as ações' },
  {
    group: auditCategoryNames.change,
    items: auditActions.map((action) => ({ value: action, label: auditActionNames[action] })),
  },
  {
    group: auditCategoryNames.security,
    items: securityEventKinds.map((kind) => ({
      value: kind,
      label: securityEventKindLabels[kind],
    })),
  },
];

const areaOptions = [
  { value: '', label: 'Todos os recursos' },
  ...Object.entries(auditAreaNames)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
];

/**
 * /conta/auditoria: the audit log of the current workspace (docs/adr/0107) — changes and
 * security events — for whom may read it, filtered, paged and exported as CSV.
 */
export function AuditLogPage() {
  const audit = useCan('audit.read');
  return (
    <AccountPageFrame title={messages.audit.title}>
      {audit.allowed ? (
        <AuditLogTable />
      ) : (
        <Alert color="yellow" variant="light">
          {audit.reason}
        </Alert>
      )}
    </AccountPageFrame>
  );
}

function AuditLogTable() {
  const { page, setPage } = useListParams();
  const { filters, setFilter } = useAuditFilters();
  const log = useAuditLog(page, filters);
  const members = useMembers();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [exporting, setExporting] = useState(false);
  const { data } = log;

  useClampedPage(data?.total, auditPageSize, { page, setPage });

  const peopleOptions = [
    { value: '', label: 'Todas as pessoas' },
    ...(members.data?.items ?? []).map((member) => ({ value: member._id, label: member.name })),
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await downloadAuditCsv(filters);
      downloadBlob(file.filename ?? 'auditoria.csv', file.blob);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={620}>
          Quem alterou o quê, quando e de onde — por pessoa ou token de API — e os eventos de
          segurança deste workspace: acessos negados, entradas, limites atingidos e códigos
          interrompidos pelo sandbox.
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          Exportar CSV
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm">
        <Select
          label="Categoria"
          data={categoryOptions}
          value={filters.category}
          onChange={(value) => setFilter('category', value ? String(value) : '')}
          allowDeselect={false}
        />
        <Select
          label="Ação"
          data={actionOptions}
          value={filters.action}
          onChange={(value) => setFilter('action', value ? String(value) : '')}
          allowDeselect={false}
        />
        <Select
          label="Pessoa"
          data={peopleOptions}
          value={filters.user_id}
          onChange={(value) => setFilter('user_id', value ? String(value) : '')}
          allowDeselect={false}
          searchable
          nothingFoundMessage="Ninguém encontrado"
        />
        <Select
          label="Recurso"
          data={areaOptions}
          value={filters.resource_kind}
          onChange={(value) => setFilter('resource_kind', value ? String(value) : '')}
          allowDeselect={false}
          searchable
          nothingFoundMessage="Nenhum recurso encontrado"
        />
        <BrDateInput label="De" value={filters.from} onCommit={(day) => setFilter('from', day)} />
        <BrDateInput label="Até" value={filters.to} onCommit={(day) => setFilter('to', day)} />
      </SimpleGrid>
      {log.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(log.error)}
        </Alert>
      ) : (
        <PaginatedTable
          label={messages.audit.title}
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(event) => event._id}
          page={page}
          total={data?.total ?? 0}
          pageSize={auditPageSize}
          onPageChange={setPage}
          loading={log.isPending}
          cards={isPhone}
          empty={
            <EmptyState
              title={messages.audit.empty}
              icon={<IconShieldCheck size={28} stroke={1.5} />}
            />
          }
        />
      )}
    </Stack>
  );
}
