import { useState } from 'react';
import { Alert, Code, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatDateTime, truncate } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import type { Variable } from '@ponte/shared/variables.schema';
import { ConfirmModal } from '../../components/confirm-modal';
import { EditRemoveActions } from '../../components/edit-remove-actions';
import { EmptyState } from '../../components/empty-state';
import { PaginatedTable } from '../../components/paginated-table';
import { TruncatedText } from '../../components/truncated-text';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { useDeleteVariable } from './api/delete-variable';
import { useVariables } from './api/get-variables';
import { VariableFormModal } from './variable-form-modal';

const valueDisplayLength = 60;

interface ModalState {
  opened: boolean;
  variable: Variable | null;
  /** Changes on every opening so the form starts fresh. */
  session: number;
}

/** The 'Variáveis' tab of /variables (spec 2 Variables): the workspace variables, edited in a modal. */
export function VariablesTab() {
  const { data, isPending, isError, error } = useVariables();
  const remove = useDeleteVariable();
  const [modal, setModal] = useState<ModalState>({ opened: false, variable: null, session: 0 });
  const openForm = (variable: Variable | null) =>
    setModal((current) => ({ opened: true, variable, session: current.session + 1 }));
  const [removing, setRemoving] = useState<Variable | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing._id);
      toast.success(messages.variables.removed);
    } catch {
      toast.error(messages.variables.removeError);
    } finally {
      setRemoving(null);
    }
  };

  const denied = useCan('variables.write').reason;
  const createButton = (
    <DeniedButton
      leftSection={<IconPlus size={16} />}
      onClick={() => openForm(null)}
      denied={denied}
    >
      Criar variável
    </DeniedButton>
  );
  const variables = data?.items ?? [];

  return (
    <>
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <Text c="dimmed" size="sm">
          Valores do workspace que os flows leem pela chave.
        </Text>
        {createButton}
      </Group>
      {isError ? (
        <Alert color="red" variant="light">
          {errorMessage(error)}
        </Alert>
      ) : (
        <PaginatedTable
          label="Variáveis"
          rows={variables}
          rowKey={(variable) => variable._id}
          page={1}
          total={data?.total ?? 0}
          pageSize={Math.max(1, data?.total ?? 1)}
          onPageChange={() => undefined}
          loading={isPending}
          empty={<EmptyState title="Nenhuma variável criada ainda." action={createButton} />}
          columns={[
            {
              key: 'name',
              header: 'Nome',
              render: (variable) => (
                <TruncatedText size="sm" fw={500}>
                  {variable.name}
                </TruncatedText>
              ),
            },
            { key: 'key', header: 'Chave', render: (variable) => <Code>{variable.key}</Code> },
            {
              key: 'value',
              header: 'Valor',
              render: (variable) => (
                <Text
                  size="sm"
                  ff="monospace"
                  c="dimmed"
                  title={variable.value}
                  style={{ wordBreak: 'break-all' }}
                >
                  {truncate(variable.value, valueDisplayLength)}
                </Text>
              ),
            },
            {
              key: 'updated',
              header: 'Atualização',
              width: 190,
              render: (variable) => formatDateTime(variable.updated_at),
            },
            {
              key: 'actions',
              header: 'Ações',
              align: 'right',
              width: 110,
              render: (variable) => (
                <EditRemoveActions
                  edit={{ onClick: () => openForm(variable) }}
                  remove={{ onClick: () => setRemoving(variable) }}
                  denied={denied}
                />
              ),
            },
          ]}
        />
      )}
      <VariableFormModal
        opened={modal.opened}
        variable={modal.variable}
        session={modal.session}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
      <ConfirmModal
        opened={removing !== null}
        title="Remover variável"
        message={messages.variables.removeConfirm}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
        loading={remove.isPending}
        danger
      />
    </>
  );
}
