import { useParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { DeleteByNamePage } from '../../components/delete-by-name-page';
import { useFlow } from '../../lib/flows/api/get-flow';
import { useDeleteFlow } from './api/delete-flow';

/** /flows/delete/{id} (spec 1 §2.8): type the flow name to confirm. */
export function FlowDeletePage() {
  const { id = '' } = useParams();
  const flow = useFlow(id);
  const remove = useDeleteFlow();

  return (
    <DeleteByNamePage
      title="Remover Flow"
      itemLabel="flow"
      itemName={flow.data?.name}
      loading={flow.isPending}
      loadError={flow.error}
      backTo="/flows"
      mismatchMessage={messages.flows.nameMismatch}
      successMessage={messages.flows.removed}
      errorPrefix={messages.flows.removeError}
      onDelete={() => remove.mutateAsync(id)}
    />
  );
}
