import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import type { Table } from '@ponte/shared/db-tables.schema';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { useDuplicateTable } from './api/duplicate-table';

interface TableDuplicateModalProps {
  table: Pick<Table, '_id' | 'name'> | null;
  onClose: () => void;
}

/** Asks the new table's name, then POST …/duplicate; a taken name shows the server's message. */
export function TableDuplicateModal({ table, onClose }: TableDuplicateModalProps) {
  return (
    <Modal opened={table !== null} onClose={onClose} title="Duplicar tabela" centered>
      {table ? <DuplicateForm key={table._id} table={table} onClose={onClose} /> : null}
    </Modal>
  );
}

function DuplicateForm({
  table,
  onClose,
}: {
  table: Pick<Table, '_id' | 'name'>;
  onClose: () => void;
}) {
  const duplicate = useDuplicateTable();
  const [name, setName] = useState(`${table.name} (cópia)`);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(messages.tables.nameRequired);
      return;
    }
    try {
      await duplicate.mutateAsync({ id: table._id, name: trimmed });
      toast.success('A tabela foi duplicada com sucesso!');
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label="Nome da nova tabela"
        withAsterisk
        data-autofocus
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={duplicate.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={duplicate.isPending}>
          Duplicar
        </Button>
      </Group>
    </form>
  );
}
