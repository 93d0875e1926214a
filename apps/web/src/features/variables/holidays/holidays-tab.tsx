import { useState, type ReactNode } from 'react';
import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { formatBrazilianDay, type Holiday } from '@ponte/shared/holidays.schema';
import { messages } from '@ponte/shared/messages';
import { matchesSearch } from '@ponte/shared/search-text';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DeniedButton } from '../../../components/denied-button';
import { EditRemoveActions } from '../../../components/edit-remove-actions';
import { EmptyState } from '../../../components/empty-state';
import { PaginatedTable } from '../../../components/paginated-table';
import { SearchBox } from '../../../components/search-box';
import { TruncatedText } from '../../../components/truncated-text';
import { errorMessage } from '../../../lib/api/api-error';
import { useCan } from '../../../lib/session/use-can';
import { toast } from '../../../lib/toasts';
import { useDeleteHoliday } from './api/delete-holiday';
import { useHolidays } from './api/get-holidays';
import { HolidayFormModal } from './holiday-form-modal';
import { HolidaysImportButton } from './holidays-import-button';

const m = messages.holidays;

/** The URL query param of the tab's search (the variables tab has none). */
export const holidaySearchParam = 'busca';

interface ModalState {
  opened: boolean;
  holiday: Holiday | null;
  /** Changes on every opening so the form starts fresh. */
  session: number;
}

/** What the list shows when it has no row: nothing yet, or nothing that matches the search. */
function emptyState(search: string, createButton: ReactNode) {
  if (search) return <EmptyState title={`Nenhum feriado encontrado para "${search}".`} />;
  return (
    <EmptyState
      title="Nenhum feriado do workspace ainda."
      description="Os feriados nacionais, estaduais e municipais já são conhecidos; aqui entram os do seu workspace, como o aniversário da empresa ou um recesso."
      action={createButton}
    />
  );
}

/**
 * The 'Feriados' tab of /variables (docs/adr/0121): the workspace's own holidays, the days its
 * flows' business-day functions and schedules skip besides the national, state and municipal
 * ones. The whole list is loaded (at most 1000); the search filters it here, forgiving case and
 * accents.
 */
export function HolidaysTab() {
  const { data, isPending, isError, error } = useHolidays();
  const remove = useDeleteHoliday();
  const [params] = useSearchParams();
  const search = params.get(holidaySearchParam) ?? '';
  const [modal, setModal] = useState<ModalState>({ opened: false, holiday: null, session: 0 });
  const openForm = (holiday: Holiday | null) =>
    setModal((current) => ({ opened: true, holiday, session: current.session + 1 }));
  const [removing, setRemoving] = useState<Holiday | null>(null);

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

  const denied = useCan('holidays.write').reason;
  const createButton = (
    <DeniedButton
      leftSection={<IconCalendarPlus size={16} />}
      onClick={() => openForm(null)}
      denied={denied}
    >
      Criar feriado
    </DeniedButton>
  );
  const holidays = (data?.items ?? []).filter((holiday) => matchesSearch(holiday.name, search));

  return (
    <>
      <Text c="dimmed" size="sm" mb="md">
        Dias que os flows tratam como feriado nas funções de dias úteis e nos agendamentos, além dos
        feriados nacionais, estaduais e municipais.
      </Text>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md">
        <SearchBox label="Buscar feriados" param={holidaySearchParam} delay={150} />
        <Group gap="sm">
          <HolidaysImportButton denied={denied} />
          {createButton}
        </Group>
      </Group>
      {isError ? (
        <Alert color="red" variant="light">
          {errorMessage(error)}
        </Alert>
      ) : (
        <PaginatedTable
          label="Feriados"
          rows={holidays}
          rowKey={(holiday) => holiday._id}
          page={1}
          total={holidays.length}
          pageSize={Math.max(1, holidays.length)}
          onPageChange={() => undefined}
          loading={isPending}
          empty={emptyState(search, createButton)}
          columns={[
            {
              key: 'date',
              header: 'Data',
              width: 130,
              render: (holiday) => formatBrazilianDay(holiday.date),
            },
            {
              key: 'name',
              header: 'Nome',
              render: (holiday) => (
                <TruncatedText size="sm" fw={500}>
                  {holiday.name}
                </TruncatedText>
              ),
            },
            {
              key: 'recurring',
              header: 'Todo ano',
              width: 120,
              render: (holiday) =>
                holiday.recurring ? (
                  <Badge variant="light">Sim</Badge>
                ) : (
                  <Badge variant="default">Não</Badge>
                ),
            },
            {
              key: 'actions',
              header: 'Ações',
              align: 'right',
              width: 110,
              render: (holiday) => (
                <EditRemoveActions
                  edit={{ onClick: () => openForm(holiday) }}
                  remove={{ onClick: () => setRemoving(holiday) }}
                  denied={denied}
                />
              ),
            },
          ]}
        />
      )}
      <HolidayFormModal
        opened={modal.opened}
        holiday={modal.holiday}
        session={modal.session}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
      <ConfirmModal
        opened={removing !== null}
        title="Remover feriado"
        message={
          <>
            {m.removeConfirm}
            {removing ? <br /> : null}
            {removing ? `${formatBrazilianDay(removing.date)} — ${removing.name}` : null}
          </>
        }
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
        loading={remove.isPending}
        danger
      />
    </>
  );
}
