import { messages } from '@ponte/shared/messages';
import { NamedResourceDeletePage } from '../../components/named-resource/named-resource-delete-page';
import { useDeleteGroup } from './api/delete-group';
import { useGroup } from './api/get-group';

/** /groups/delete/{id}: type the group name to confirm. */
export function GroupDeletePage() {
  return (
    <NamedResourceDeletePage
      useItem={useGroup}
      useRemove={useDeleteGroup}
      title="Remover grupo"
      itemLabel="grupo"
      backTo="/groups"
      mismatchMessage={messages.groups.nameMismatch}
      successMessage={messages.groups.removed}
      errorPrefix={messages.groups.removeError}
    />
  );
}
