import { useState } from 'react';
import { Alert, Anchor, Button, Group, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  formatFreedBytes,
  retentionAreaLabels,
  type RetentionRule,
} from '@ponte/shared/lgpd/retention.schema';
import { messages } from '@ponte/shared/messages';
import { ConfirmModal } from '../../components/confirm-modal';
import { EditRemoveActions } from '../../components/edit-remove-actions';
import { EmptyState } from '../../components/empty-state';
import { PaginatedTable } from '../../components/paginated-table';
import { TruncatedText } from '../../components/truncated-text';
import { errorMessage, isApiError } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import {
  useApplyRetentionRule,
  useDeleteRetentionRule,
  useRetentionOverview,
} from './retention-api';
import { RetentionRuleModal } from './retention-rule-modal';
import { RetentionRuns } from './retention-runs';

const m = messages.retention;

/** The rule's target as a person reads it; a removed table or queue says so. */
const targetOf = (rule: RetentionRule) =>
  rule.target_name ?? (rule.area === 'table' ? 'Tabela removida' : 'Fila removida');

/** Which date ages a record: the field's label, or its creation. */
function dateOf(rule: RetentionRule): string {
  if (rule.area !== 'table')
    return rule.area === 'queue' ? 'Fim da mensagem' : 'Gravação do arquivo';
  if (!rule.date_field) return 'Criação do registro';
  return rule.date_field_label ?? `${rule.date_field} (campo removido)`;
}

interface ModalState {
  opened: boolean;
  rule: RetentionRule | null;
  session: number;
}

/**
 * The 'Retenção' tab of /lgpd (docs/adr/0123): how long the instance keeps logs and execution
 * data, the flows that keep them their own number of days, the workspace's rules per area with
 * 'Aplicar agora', and the history of what every pass removed and freed.
 */
export function RetentionTab() {
  const { data, isPending, isError, error } = useRetentionOverview();
  const remove = useDeleteRetentionRule();
  const apply = useApplyRetentionRule();
  const [modal, setModal] = useState<ModalState>({ opened: false, rule: null, session: 0 });
  const openForm = (rule: RetentionRule | null) =>
    setModal((current) => ({ opened: true, rule, session: current.session + 1 }));
  const [removing, setRemoving] = useState<RetentionRule | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing._id);
      toast.success(m.removed);
    } catch {
      toast.error(m.removeError);
    } finally {
      setRemoving(null);
    }
  };

  const applyNow = async (rule: RetentionRule) => {
    try {
      const result = await apply.mutateAsync(rule._id);
      toast.success(m.applied(result.removed, formatFreedBytes(result.bytes)));
    } catch (failure) {
      toast.error(isApiError(failure) && failure.status === 409 ? failure.message : m.applyError);
    }
  };

  if (isError)
    return (
      <Alert color="red" variant="light">
        {errorMessage(error)}
      </Alert>
    );

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
      Nova regra
    </Button>
  );

  return (
    <>
      <Title order={4} mb="sm">
        Logs e dados das execuções
      </Title>
      <Text size="sm" mb="md">
        {data
          ? `A instância guarda os logs e os dados das execuções por ${data.instance_days} ${data.instance_days === 1 ? 'dia' : 'dias'} (variável de ambiente ${data.instance_variable}). Cada flow pode guardar por mais ou por menos tempo em 'Opções do Flow'.`
          : 'Carregando…'}
      </Text>
      <PaginatedTable
        label="Flows com retenção própria"
        rows={data?.flows ?? []}
        rowKey={(flow) => flow._id}
        page={1}
        total={data?.flows.length ?? 0}
        pageSize={Math.max(1, data?.flows.length ?? 1)}
        onPageChange={() => undefined}
        loading={isPending}
        empty={<EmptyState title="Todos os flows seguem o padrão da instância." />}
        columns={[
          {
            key: 'name',
            header: 'Flow',
            render: (flow) => (
              <Anchor component={Link} to={`/flows/${encodeURIComponent(flow._id)}`} size="sm">
                {flow.name}
              </Anchor>
            ),
          },
          {
            key: 'days',
            header: 'Guarda por',
            width: 160,
            render: (flow) =>
              `${flow.retention_days} ${flow.retention_days === 1 ? 'dia' : 'dias'}`,
          },
        ]}
      />

      <Group justify="space-between" align="flex-end" mt="xl" mb="sm">
        <Title order={4}>Regras por área</Title>
        {addButton}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Apagam a cada hora o que passou do prazo: registros de uma tabela, mensagens concluídas ou
        com falha de uma fila, arquivos de uma pasta do Storage. Uma regra por destino.
      </Text>
      <PaginatedTable
        label="Regras de retenção"
        rows={data?.rules ?? []}
        rowKey={(rule) => rule._id}
        page={1}
        total={data?.rules.length ?? 0}
        pageSize={Math.max(1, data?.rules.length ?? 1)}
        onPageChange={() => undefined}
        loading={isPending}
        empty={<EmptyState title="Nenhuma regra de retenção ainda." action={addButton} />}
        columns={[
          {
            key: 'area',
            header: 'Área',
            width: 180,
            render: (rule) => retentionAreaLabels[rule.area],
          },
          {
            key: 'target',
            header: 'Destino',
            render: (rule) => <TruncatedText size="sm">{targetOf(rule)}</TruncatedText>,
          },
          { key: 'date', header: 'Data que conta', width: 190, render: dateOf },
          {
            key: 'days',
            header: 'Apagar depois de',
            width: 150,
            render: (rule) => `${rule.days} ${rule.days === 1 ? 'dia' : 'dias'}`,
          },
          {
            key: 'actions',
            header: 'Ações',
            align: 'right',
            width: 250,
            render: (rule) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlayerPlay size={14} />}
                  loading={apply.isPending && apply.variables === rule._id}
                  onClick={() => void applyNow(rule)}
                  aria-label={`Aplicar agora: ${targetOf(rule)}`}
                >
                  Aplicar agora
                </Button>
                <EditRemoveActions
                  edit={{ onClick: () => openForm(rule) }}
                  remove={{ onClick: () => setRemoving(rule) }}
                />
              </Group>
            ),
          },
        ]}
      />
      <RetentionRuns />
      <RetentionRuleModal
        opened={modal.opened}
        rule={modal.rule}
        session={modal.session}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
      <ConfirmModal
        opened={removing !== null}
        title="Remover regra de retenção"
        message={removing ? m.removeConfirm(targetOf(removing)) : ''}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
        loading={remove.isPending}
        danger
      />
    </>
  );
}
