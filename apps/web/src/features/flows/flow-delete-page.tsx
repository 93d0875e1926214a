import { messages } from '@ponte/shared/messages';
import { NamedResourceDeletePage } from '../../components/named-resource/named-resource-delete-page';
import { useFlow } from '../../lib/flows/api/get-flow';
import { useDeleteFlow } from './api/delete-flow';

/** /flows/delete/{id} (spec 1 §2.8): type the flow name to confirm. */
export function FlowDeletePage() {
  return (
    <NamedResourceDeletePage
      useItem={useFlow}
      useRemove={useDeleteFlow}
      title="Remover Flow"
      itemLabel="flow"
      backTo="/flows"
      mismatchMessage={messages.flows.nameMismatch}
      successMessage={messages.flows.removed}
      errorPrefix={messages.flows.removeError}
    />
  );
}
