import { useState } from 'react';
import type { ReactElement } from 'react';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { ConfirmModal } from '../confirm-modal';

/** The list's duplicate mutation: the copy is made by the server from the id alone. */
export interface DuplicateById {
  mutateAsync: (id: string) => Promise<unknown>;
  isPending: boolean;
}

interface DuplicateConfirmTexts {
  /** The modal's title, e.g. 'Duplicar dashboard'. */
  title: string;
  question: string;
  /** The toast after the copy is made. */
  done: string;
  /**
   * Whether a failure closes the question too (the flows list); otherwise it stays open so the
   * person can try again.
   */
  closeOnFailure?: boolean;
}

interface DuplicateConfirmModalProps extends DuplicateConfirmTexts {
  /** The id of the item to copy, or null while nothing is asked. */
  id: string | null;
  duplicate: DuplicateById;
  onClose: () => void;
}

/** Asks before duplicating an item of a list; a failure shows the server's text. */
export function DuplicateConfirmModal(props: DuplicateConfirmModalProps) {
  const { id, duplicate, onClose } = props;
  const confirm = async () => {
    if (id === null) return;
    try {
      await duplicate.mutateAsync(id);
      toast.success(props.done);
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure));
      if (props.closeOnFailure) onClose();
    }
  };
  return (
    <ConfirmModal
      opened={id !== null}
      title={props.title}
      message={props.question}
      loading={duplicate.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

/** The feature's texts, as `@ponte/shared/messages` names them. */
interface DuplicateMessages {
  /** The question, e.g. 'Deseja realmente duplicar este dashboard?'. */
  duplicateConfirm: string;
  /** The toast after the copy is made. */
  duplicated: string;
}

/**
 * The 'Duplicar' action of a list: `ask(item)` opens the question titled `title`, `modal` is
 * placed once in the page.
 */
export function useDuplicateConfirm(
  duplicate: DuplicateById,
  title: string,
  { duplicateConfirm, duplicated }: DuplicateMessages,
  { closeOnFailure }: { closeOnFailure?: boolean } = {},
): { ask: (item: { _id: string }) => void; modal: ReactElement } {
  const [id, setId] = useState<string | null>(null);
  const modal = (
    <DuplicateConfirmModal
      id={id}
      duplicate={duplicate}
      onClose={() => setId(null)}
      title={title}
      question={duplicateConfirm}
      done={duplicated}
      closeOnFailure={closeOnFailure}
    />
  );
  return { ask: (item) => setId(item._id), modal };
}
