import { useParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { DeleteByNamePage } from '../../components/delete-by-name-page';
import { useDeleteCustomNode } from './api/custom-node-mutations';
import { useCustomNode } from './api/get-custom-nodes';

const m = messages.customNodes;

/** /custom-nodes/delete/{id}: type the connector name to confirm (spec 2 §5 'Connector'). */
export function CustomNodeDeletePage() {
  const { id = '' } = useParams();
  const node = useCustomNode(id);
  const remove = useDeleteCustomNode();

  return (
    <DeleteByNamePage
      title="Remover conector"
      itemLabel="conector"
      itemName={node.data?.name}
      loading={node.isPending}
      loadError={node.error}
      backTo="/custom-nodes"
      mismatchMessage={m.removeNameMismatch}
      successMessage={m.removed}
      errorPrefix={m.removeError}
      warning="Os fluxos que usam este conector deixam de passar na validação até que o nó seja removido deles."
      onDelete={() => remove.mutateAsync(id)}
    />
  );
}
