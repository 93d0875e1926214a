import { errorMessage } from '../lib/api/api-error';
import { toast } from '../lib/toasts';
import { ConfirmModal } from './confirm-modal';

interface DuplicateModalProps {
  /** The id of the item to copy, or null while nothing is asked. */
  id: string | null;
  title: string;
  question: string;
  /** The toast after the copy is made. */
  done: string;
  /** The list's duplicate mutation. */
  duplicate: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  onClose: () => void;
}

/** Asks before duplicating an item of a list; a failure shows the server's text. */
export function DuplicateModal({
  id,
  title,
  question,
  done,
  duplicate,
  onClose,
}: DuplicateModalProps) {
  const confirm = async () => {
    if (id === null) return;
    try {
      await duplicate.mutateAsync(id);
      toast.success(done);
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <ConfirmModal
      opened={id !== null}
      title={title}
      message={question}
      loading={duplicate.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
