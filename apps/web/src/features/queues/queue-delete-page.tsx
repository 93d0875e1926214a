import { useParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { DeleteByNamePage } from '../../components/delete-by-name-page';
import { useQueue } from './api/get-queues';
import { useDeleteQueue } from './api/queue-mutations';

/** /queues/delete/{id}: type the queue name to confirm (its pending jobs go with it). */
export function QueueDeletePage() {
  const { id = '' } = useParams();
  const queue = useQueue(id);
  const remove = useDeleteQueue();

  return (
    <DeleteByNamePage
      title="Remover fila interna"
      itemLabel="fila"
      confirmLabel="Remover a fila"
      itemName={queue.data?.name}
      loading={queue.isPending}
      loadError={queue.error}
      backTo="/queues"
      mismatchMessage={messages.queues.removeNameMismatch}
      successMessage={messages.queues.removed}
      errorPrefix={messages.queues.removeError}
      warning="Todos os jobs pendentes da fila também serão removidos."
      onDelete={() => remove.mutateAsync(id)}
    />
  );
}
