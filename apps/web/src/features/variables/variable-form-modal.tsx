import type { FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { messages } from '@ponte/shared/messages';
import { variableBodySchema } from '@ponte/shared/variables.schema';
import type { Variable } from '@ponte/shared/variables.schema';
import { isApiError } from '../../lib/api/api-error';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { workspaceStore } from '../../lib/session/session-store';
import { toast } from '../../lib/toasts';
import { useSavedValue } from '../../lib/unsaved/use-saved-value';
import { useUnsavedChanges } from '../../lib/unsaved/use-unsaved-changes';
import { useCreateVariable } from './api/create-variable';
import { useUpdateVariable } from './api/update-variable';

interface VariableFormModalProps {
  opened: boolean;
  /** The variable to edit; null creates a new one. */
  variable: Variable | null;
  /** A new value starts the form afresh. */
  session: number;
  onClose: () => void;
}

/**
 * The modal form of /variables: 'Nome', 'Chave' and 'Valor'. Closing it with changes (X, Esc, a
 * click outside, 'Cancelar') or leaving the page asks first; a save closes it at once.
 */
export function VariableFormModal({ session, ...props }: VariableFormModalProps) {
  return <VariableForm key={session} {...props} />;
}

function VariableForm({ opened, variable, onClose }: Omit<VariableFormModalProps, 'session'>) {
  const create = useCreateVariable();
  const update = useUpdateVariable();
  const form = useZodForm(variableBodySchema, {
    name: variable?.name ?? '',
    key: variable?.key ?? '',
    value: variable?.value ?? '',
  });
  const saved = useSavedValue(form.values);
  const unsaved = useUnsavedChanges(opened && saved.dirty);
  const close = () => unsaved.confirmLeave(onClose);
  const saving = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate();
    if (!parsed || saving) return;
    const body = { ...parsed, workspace: workspaceStore.get()?._id };
    try {
      if (variable) await update.mutateAsync({ id: variable._id, body });
      else await create.mutateAsync(body);
      toast.success(messages.variables.saved);
      onClose();
    } catch (error) {
      toast.error(
        isApiError(error) && error.status === 400 ? error.message : messages.variables.saveError,
      );
    }
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={variable ? 'Editar variável' : 'Nova variável'}
        size="lg"
        centered
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <TextInput label="Nome" withAsterisk data-autofocus {...form.inputProps('name')} />
            <TextInput
              label="Chave"
              withAsterisk
              description="Letras, números e _, começando por letra ou _. Nos flows: getVar('CHAVE')."
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              autoComplete="off"
              spellCheck={false}
              {...form.inputProps('key')}
            />
            <Textarea
              label="Valor"
              autosize
              minRows={3}
              maxRows={12}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              spellCheck={false}
              {...form.inputProps('value')}
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
