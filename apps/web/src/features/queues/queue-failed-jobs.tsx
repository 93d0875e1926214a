import { useState } from 'react';
import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { formatDateTime } from '@ponte/shared/format';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { jobExcerpt } from '@ponte/shared/queues.schema';
import type { QueueJob } from '@ponte/shared/queues.schema';
import { EmptyState } from '../../components/empty-state';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { useQueueJobs } from './api/get-queues';
import { useRetryJob } from './api/queue-mutations';

const m = messages.queues;

/** Jobs whose consumer execution failed, with the error and a retry (beyond the spec). */
export function QueueFailedJobs({ queueId }: { queueId: string }) {
  const [page, setPage] = useState(1);
  const jobs = useQueueJobs(queueId, { page, states: ['failed'] });
  const retry = useRetryJob();
  const operate = useCan('queues.operate').reason;
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  const run = async (job: QueueJob) => {
    try {
      await retry.mutateAsync({ id: queueId, jobId: job._id });
      toast.success(m.jobRetried);
    } catch (failure) {
      toast.error(`${m.jobRetryError}${errorMessage(failure)}`);
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
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {jobExcerpt(job.message)}
        </Text>
      ),
    },
    {
      key: 'error',
      header: 'Erro',
      render: (job) => (
        <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
          {job.error ?? ''}
        </Text>
      ),
    },
    {
      key: 'finished',
      header: 'Falhou em',
      width: 170,
      render: (job) => formatDateTime(job.finished_at),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      width: 130,
      render: (job) => (
        <DeniedButton
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={retry.isPending && retry.variables.jobId === job._id}
          onClick={() => void run(job)}
          denied={operate}
        >
          Reenviar
        </DeniedButton>
      ),
    },
  ];

  return (
    <PaginatedTable
      label="Jobs com falha"
      columns={columns}
      rows={jobs.data?.items ?? []}
      rowKey={(job) => job._id}
      page={page}
      total={jobs.data?.total ?? 0}
      pageSize={limits.queueJobsPageSize}
      onPageChange={setPage}
      loading={jobs.isPending}
      cards={isPhone}
      empty={<EmptyState title="Nenhum job com falha." />}
    />
  );
}
