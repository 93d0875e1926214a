import { ActionIcon, Alert, Button, Group as Row, Stack, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconEye,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { limits } from '@ponte/shared/limits';
import type { Queue } from '@ponte/shared/queues.schema';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { SearchBox } from '../../components/search-box';
import { errorMessage } from '../../lib/api/api-error';
import { timestampColumns, useGroupColumn } from '../../components/list-columns';
import { TruncatedText } from '../../components/truncated-text';
import { useSelectedGroup } from '../../lib/groups/selected-group';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useQueues } from './api/get-queues';
import { useControlQueue } from './api/queue-mutations';
import { QueueStatusBadge, queueToggle } from './queue-status';

const createButton = (
  <Button component={Link} to="/queues/new" leftSection={<IconPlus size={16} />}>
    Criar fila
  </Button>
);

function RowActions({ queue }: { queue: Queue }) {
  const control = useControlQueue();
  const toggle = queueToggle(queue.status);
  const link = (to: string, label: string, icon: React.ReactNode, color = 'gray') => (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} variant="subtle" color={color} aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  // Spec 2 §8: a failed pause or start is only logged; the list reloads either way.
  const run = (action: 'pause' | 'resume') =>
    control.mutate({ id: queue._id, action }, { onError: (failure) => console.warn(failure) });
  return (
    <Row gap={4} justify="flex-end" wrap="nowrap">
      {toggle ? (
        <Tooltip label={toggle === 'pause' ? 'Pausar' : 'Iniciar'}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={toggle === 'pause' ? 'Pausar' : 'Iniciar'}
            loading={control.isPending}
            onClick={() => run(toggle)}
          >
            {toggle === 'pause' ? <IconPlayerPause size={17} /> : <IconPlayerPlay size={17} />}
          </ActionIcon>
        </Tooltip>
      ) : null}
      {link(`/queues/view/${queue._id}`, 'Visualizar', <IconEye size={17} />)}
      {link(`/queues/edit/${queue._id}`, 'Editar', <IconPencil size={17} />)}
      {link(`/queues/delete/${queue._id}`, 'Remover', <IconTrash size={17} />, 'red')}
    </Row>
  );
}

/** /queues (spec 2 'Queues'): 10 per page, search, the selected group. */
export function QueuesListPage() {
  const { page, query, setPage } = useListParams();
  const [group] = useSelectedGroup();
  const { data, isPending, isError, error } = useQueues({ page, query, group });
  const groupColumn = useGroupColumn<Queue>();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  useClampedPage(data?.total, limits.queuesPageSize, { page, setPage });

  const columns: TableColumn<Queue>[] = [
    {
      key: 'name',
      header: 'Nome',
      render: (queue) => (
        <TruncatedText to={`/queues/view/${queue._id}`} size="sm" fw={500}>
          {queue.name}
        </TruncatedText>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 150,
      render: (queue) => <QueueStatusBadge status={queue.status} />,
    },
    groupColumn,
    ...timestampColumns<Queue>(),
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      width: 170,
      render: (queue) => <RowActions queue={queue} />,
    },
  ];

  return (
    <>
      <PageHeader title="Filas internas" actions={createButton} />
      <Stack gap="md">
        <SearchBox label="Buscar filas" />
        {isError ? (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : (
          <PaginatedTable
            label="Filas internas"
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(queue) => queue._id}
            page={page}
            total={data?.total ?? 0}
            pageSize={limits.queuesPageSize}
            onPageChange={setPage}
            loading={isPending}
            cards={isPhone}
            empty={
              query || group ? (
                <EmptyState title="Nenhuma fila encontrada para esta busca." />
              ) : (
                <EmptyState title="Nenhuma fila criada ainda." action={createButton} />
              )
            }
          />
        )}
      </Stack>
    </>
  );
}
