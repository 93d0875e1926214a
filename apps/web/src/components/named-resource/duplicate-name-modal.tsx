import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';

/** The list's duplicate mutation when the person names the copy. */
export interface DuplicateWithName {
  mutateAsync: (input: { id: string; name: string }) => Promise<unknown>;
  isPending: boolean;
}

export interface DuplicateNameTexts {
  /** The modal's title, e.g. 'Duplicar tabela'. */
  title: string;
  /** The name field's label, e.g. 'Nome da nova tabela'. */
  nameLabel: string;
  /** Shown on the field when the name is left empty. */
  nameRequired: string;
  /** The toast after the copy is made. */
  done: string;
}

interface DuplicateNameModalProps extends DuplicateNameTexts {
  /** The item to copy, or null while nothing is asked. */
  item: { _id: string; name: string } | null;
  duplicate: DuplicateWithName;
  onClose: () => void;
}

/**
 * Asks the copy's name ('{name} (cópia)' to start with), then duplicates; a taken name shows
 * the server's message and keeps the modal open.
 */
export function DuplicateNameModal({ item, onClose, ...rest }: DuplicateNameModalProps) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={rest.title} centered>
      {item ? <DuplicateNameForm key={item._id} item={item} onClose={onClose} {...rest} /> : null}
    </Modal>
  );
}

function DuplicateNameForm(
  props: DuplicateNameModalProps & { item: { _id: string; name: string } },
) {
  const { item, duplicate, onClose } = props;
  const [name, setName] = useState(messages.flows.copyName(item.name));
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(props.nameRequired);
      return;
    }
    try {
      await duplicate.mutateAsync({ id: item._id, name: trimmed });
      toast.success(props.done);
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label={props.nameLabel}
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
