import { messages } from '@ponte/shared/messages';
import { NamedResourceDeletePage } from '../../components/named-resource/named-resource-delete-page';
import { useDeleteCustomNode } from './api/custom-node-mutations';
import { useCustomNode } from './api/get-custom-nodes';

const m = messages.customNodes;

/** /custom-nodes/delete/{id}: type the connector name to confirm (spec 2 §5 'Connector'). */
export function CustomNodeDeletePage() {
  return (
    <NamedResourceDeletePage
      useItem={useCustomNode}
      useRemove={useDeleteCustomNode}
      title="Remover conector"
      itemLabel="conector"
      backTo="/custom-nodes"
      mismatchMessage={m.removeNameMismatch}
      successMessage={m.removed}
      errorPrefix={m.removeError}
      warning="Os fluxos que usam este conector deixam de passar na validação até que o nó seja removido deles."
    />
  );
}
