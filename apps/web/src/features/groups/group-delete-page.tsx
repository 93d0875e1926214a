import { useParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { DeleteByNamePage } from '../../components/delete-by-name-page';
import { useDeleteGroup } from './api/delete-group';
import { useGroup } from './api/get-group';

/** /groups/delete/{id}: type the group name to confirm. */
export function GroupDeletePage() {
  const { id = '' } = useParams();
  const group = useGroup(id);
  const remove = useDeleteGroup();

  return (
    <DeleteByNamePage
      title="Remover grupo"
      itemLabel="grupo"
      itemName={group.data?.name}
      loading={group.isPending}
      loadError={group.error}
      backTo="/groups"
      mismatchMessage={messages.groups.nameMismatch}
      successMessage={messages.groups.removed}
      errorPrefix={messages.groups.removeError}
      onDelete={() => remove.mutateAsync(id)}
    />
  );
}
