import {
  IconEye,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { limits } from '@ponte/shared/limits';
import type { Queue } from '@ponte/shared/queues.schema';
import { createItemButton } from '../../components/named-resource/create-button';
import {
  actionsColumn,
  nameColumn,
  timestampColumns,
  useGroupColumn,
} from '../../components/list-columns';
import { NamedResourceList } from '../../components/named-resource/named-resource-list';
import { RowActionIcons } from '../../components/named-resource/row-action-icons';
import { useNamedResourceList } from '../../components/named-resource/use-named-resource-list';
import { PageHeader } from '../../components/page-header';
import type { TableColumn } from '../../components/paginated-table';
import { useCan } from '../../lib/session/use-can';
import { useQueues } from './api/get-queues';
import { useControlQueue } from './api/queue-mutations';
import { QueueStatusBadge, queueToggle } from './queue-status';

const createButton = createItemButton('/queues/new', 'Criar fila', 'queues.write');

function RowActions({ queue }: { queue: Queue }) {
  const control = useControlQueue();
  // Pausing and starting is operating the queue; its settings are 'editar filas' (docs/adr/0106).
  const operate = useCan('queues.operate').reason;
  const denied = useCan('queues.write').reason;
  const toggle = queueToggle(queue.status);
  // Spec 2 §8: a failed pause or start is only logged; the list reloads either way.
  const run = (action: 'pause' | 'resume') =>
    control.mutate({ id: queue._id, action }, { onError: (failure) => console.warn(failure) });
  return (
    <RowActionIcons
      actions={[
        toggle
          ? {
              label: toggle === 'pause' ? 'Pausar' : 'Iniciar',
              icon:
                toggle === 'pause' ? <IconPlayerPause size={17} /> : <IconPlayerPlay size={17} />,
              loading: control.isPending,
              onClick: () => run(toggle),
              denied: operate,
            }
          : null,
        { label: 'Visualizar', icon: <IconEye size={17} />, to: `/queues/view/${queue._id}` },
        {
          label: 'Editar',
          icon: <IconPencil size={17} />,
          to: `/queues/edit/${queue._id}`,
          denied,
        },
        {
          label: 'Remover',
          icon: <IconTrash size={17} />,
          color: 'red',
          to: `/queues/delete/${queue._id}`,
          denied,
        },
      ]}
    />
  );
}

/** /queues (spec 2 'Queues'): 10 per page, search, the selected group. */
export function QueuesListPage() {
  const list = useNamedResourceList(useQueues, limits.queuesPageSize);
  const groupColumn = useGroupColumn<Queue>();

  const columns: TableColumn<Queue>[] = [
    nameColumn<Queue>((queue) => `/queues/view/${queue._id}`),
    {
      key: 'status',
      header: 'Status',
      width: 150,
      render: (queue) => <QueueStatusBadge status={queue.status} />,
    },
    groupColumn,
    ...timestampColumns<Queue>(),
    actionsColumn<Queue>(170, (queue) => <RowActions queue={queue} />),
  ];

  return (
    <>
      <PageHeader title="Filas internas" actions={createButton} />
      <NamedResourceList
        searchLabel="Buscar filas"
        label="Filas internas"
        columns={columns}
        list={list}
        notFound="Nenhuma fila encontrada para esta busca."
        empty={{ title: 'Nenhuma fila criada ainda.', action: createButton }}
      />
    </>
  );
}
