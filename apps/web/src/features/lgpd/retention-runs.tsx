import { useState } from 'react';
import { Alert, Title } from '@mantine/core';
import {
  formatFreedBytes,
  retentionAreaLabels,
  retentionRunsPageSize,
  type RetentionRun,
} from '@ponte/shared/lgpd/retention.schema';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { EmptyState } from '../../components/empty-state';
import { PaginatedTable } from '../../components/paginated-table';
import { TruncatedText } from '../../components/truncated-text';
import { errorMessage } from '../../lib/api/api-error';
import { useRetentionRuns } from './retention-api';

/** Where a pass removed data, as the history names it. */
function targetOf(run: RetentionRun): string {
  if (run.source === 'instance') return 'Todos os flows (padrão da instância)';
  return run.target_name;
}

/** Who decided the days: the instance, the flow's option, the rule (by hand or by the hour). */
function sourceOf(run: RetentionRun): string {
  const days = `${run.days} ${run.days === 1 ? 'dia' : 'dias'}`;
  if (run.source === 'instance') return `Instância, ${days}`;
  if (run.source === 'flow') return `Opções do flow, ${days}`;
  return `Regra, ${days}${run.manual ? ' (Aplicar agora)' : ''}`;
}

/** 'Histórico das exclusões': every pass that removed something, newest first, 20 a page. */
export function RetentionRuns() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useRetentionRuns(page);
  return (
    <>
      <Title order={4} mt="xl" mb="sm">
        Histórico das exclusões
      </Title>
      {isError ? (
        <Alert color="red" variant="light">
          {errorMessage(error)}
        </Alert>
      ) : (
        <PaginatedTable
          label="Histórico das exclusões"
          rows={data?.items ?? []}
          rowKey={(run) => run._id}
          page={page}
          total={data?.total ?? 0}
          pageSize={retentionRunsPageSize}
          onPageChange={setPage}
          loading={isPending}
          empty={<EmptyState title="Nenhuma exclusão por retenção ainda." />}
          columns={[
            {
              key: 'at',
              header: 'Data',
              width: 150,
              render: (run) => formatDateTimeMinutes(run.at),
            },
            {
              key: 'area',
              header: 'Área',
              width: 180,
              render: (run) => retentionAreaLabels[run.area],
            },
            {
              key: 'target',
              header: 'Destino',
              render: (run) => <TruncatedText size="sm">{targetOf(run)}</TruncatedText>,
            },
            { key: 'source', header: 'Prazo', width: 220, render: sourceOf },
            {
              key: 'removed',
              header: 'Itens apagados',
              width: 130,
              align: 'right',
              render: (run) => run.removed.toLocaleString('pt-BR'),
            },
            {
              key: 'bytes',
              header: 'Espaço liberado',
              width: 140,
              align: 'right',
              render: (run) => formatFreedBytes(run.bytes),
            },
          ]}
        />
      )}
    </>
  );
}
