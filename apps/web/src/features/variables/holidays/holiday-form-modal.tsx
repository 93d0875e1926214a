import { useMemo, useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { formatBrazilianDay, holidayFormSchema, type Holiday } from '@ponte/shared/holidays.schema';
import { messages } from '@ponte/shared/messages';
import { isApiError } from '../../../lib/api/api-error';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { workspaceStore } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toasts';
import { useSavedValue } from '../../../lib/unsaved/use-saved-value';
import { useUnsavedChanges } from '../../../lib/unsaved/use-unsaved-changes';
import { useCreateHoliday } from './api/create-holiday';
import { useUpdateHoliday } from './api/update-holiday';

const m = messages.holidays;

interface HolidayFormModalProps {
  opened: boolean;
  /** The holiday to edit; null creates a new one. */
  holiday: Holiday | null;
  /** A new value starts the form afresh. */
  session: number;
  onClose: () => void;
}

/**
 * The modal form of the 'Feriados' tab: 'Data' (DD/MM/AAAA), 'Nome' and 'Todo ano'. Closing it
 * with changes (X, Esc, a click outside, 'Cancelar') or leaving the page asks first; a save
 * closes it at once. A 400 (a day already taken) is shown as the server says it.
 */
export function HolidayFormModal({ session, ...props }: HolidayFormModalProps) {
  return <HolidayForm key={session} {...props} />;
}

function HolidayForm({ opened, holiday, onClose }: Omit<HolidayFormModalProps, 'session'>) {
  const create = useCreateHoliday();
  const update = useUpdateHoliday();
  const form = useZodForm(holidayFormSchema, {
    date: holiday ? formatBrazilianDay(holiday.date) : '',
    name: holiday?.name ?? '',
  });
  const [recurring, setRecurring] = useState(holiday?.recurring ?? false);
  const current = useMemo(() => ({ ...form.values, recurring }), [form.values, recurring]);
  const saved = useSavedValue(current);
  const unsaved = useUnsavedChanges(opened && saved.dirty);
  const close = () => unsaved.confirmLeave(onClose);
  const saving = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate();
    if (!parsed || saving) return;
    const body = { ...parsed, recurring, workspace: workspaceStore.get()?._id };
    try {
      if (holiday) await update.mutateAsync({ id: holiday._id, body });
      else await create.mutateAsync(body);
      toast.success(m.saved);
      onClose();
    } catch (error) {
      const told = isApiError(error) && (error.status === 400 || error.status === 429);
      toast.error(told ? error.message : m.saveError);
    }
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={holiday ? 'Editar feriado' : 'Novo feriado'}
        centered
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <TextInput
              label="Data"
              withAsterisk
              placeholder="DD/MM/AAAA"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              data-autofocus
              {...form.inputProps('date')}
            />
            <TextInput label="Nome" withAsterisk autoComplete="off" {...form.inputProps('name')} />
            <Checkbox
              label="Todo ano"
              description="Feriado no mesmo dia e mês em todos os anos (o ano da data não conta)."
              checked={recurring}
              onChange={(event) => setRecurring(event.currentTarget.checked)}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={close} disabled={saving}>
                Cancelar
              </Button>
              <Button type="submit" loading={saving}>
                Salvar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {unsaved.dialog}
    </>
  );
}
