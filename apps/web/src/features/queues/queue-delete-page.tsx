import { messages } from '@ponte/shared/messages';
import { NamedResourceDeletePage } from '../../components/named-resource/named-resource-delete-page';
import { useQueue } from './api/get-queues';
import { useDeleteQueue } from './api/queue-mutations';

/** /queues/delete/{id}: type the queue name to confirm (its pending jobs go with it). */
export function QueueDeletePage() {
  return (
    <NamedResourceDeletePage
      useItem={useQueue}
      useRemove={useDeleteQueue}
      title="Remover fila interna"
      itemLabel="fila"
      confirmLabel="Remover a fila"
      backTo="/queues"
      mismatchMessage={messages.queues.removeNameMismatch}
      successMessage={messages.queues.removed}
      errorPrefix={messages.queues.removeError}
      warning="Todos os jobs pendentes da fila também serão removidos."
    />
  );
}
