import { useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '@ponte/shared/format';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { jobDelayedLabel, jobExcerpt } from '@ponte/shared/queues.schema';
import type { QueueJob } from '@ponte/shared/queues.schema';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { RowActionIcons } from '../../components/named-resource/row-action-icons';
import { useCan } from '../../lib/session/use-can';
import { useQueueJobs } from './api/get-queues';
import { useRemoveJob } from './api/queue-mutations';
import { QueueMessageModal } from './queue-message-modal';

const m = messages.queues;

/** The pending jobs of a queue (paused, waiting, delayed), 10 per page. */
export function QueueJobsTable({ queueId }: { queueId: string }) {
  const [page, setPage] = useState(1);
  const jobs = useQueueJobs(queueId, { page });
  const remove = useRemoveJob();
  const [opened, setOpened] = useState<QueueJob | null>(null);
  const [removing, setRemoving] = useState<QueueJob | null>(null);
  const operate = useCan('queues.operate').reason;
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  // The labels say where each job stood when the page was read (a refresh reads again).
  const now = jobs.dataUpdatedAt;

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ id: queueId, jobId: removing._id });
      toast.success(m.jobRemoved);
    } catch (failure) {
      toast.error(`${m.jobRemoveError}${errorMessage(failure)}`);
    } finally {
      setRemoving(null);
    }
  };

  const columns: TableColumn<QueueJob>[] = [
    {
      key: 'id',
      header: 'ID',
      width: 120,
      render: (job) => (
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {job._id}
        </Text>
      ),
    },
    {
      key: 'message',
      header: 'Mensagem',
      render: (job) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          style={{ wordBreak: 'break-word' }}
          onClick={() => setOpened(job)}
        >
          {jobExcerpt(job.message)}
        </Anchor>
      ),
    },
    { key: 'publisher', header: 'Publicado por', width: 150, render: (job) => job.publisher },
    {
      key: 'published',
      header: 'Publicado em',
      width: 170,
      render: (job) => formatDateTime(job.published_at),
    },
    {
      key: 'delayed',
      header: 'Atraso',
      width: 190,
      render: (job) => jobDelayedLabel(job, now),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      width: 70,
      render: (job) => (
        <RowActionIcons
          actions={[
            {
              label: 'Remover',
              icon: <IconTrash size={17} />,
              color: 'red',
              onClick: () => setRemoving(job),
              denied: operate,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <PaginatedTable
        label="Jobs pendentes"
        columns={columns}
        rows={jobs.data?.items ?? []}
        rowKey={(job) => job._id}
        page={page}
        total={jobs.data?.total ?? 0}
        pageSize={limits.queueJobsPageSize}
        onPageChange={setPage}
        loading={jobs.isPending}
        cards={isPhone}
        empty={<EmptyState title="Nenhum job pendente nesta fila." />}
      />
      <QueueMessageModal job={opened} onClose={() => setOpened(null)} />
      <ConfirmModal
        opened={removing !== null}
        title="Remover job"
        message={m.jobRemoveConfirm}
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
