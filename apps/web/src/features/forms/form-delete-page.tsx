import { useParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { DeleteByNamePage } from '../../components/delete-by-name-page';
import { useForm } from './api/get-forms';
import { useDeleteForm } from './api/form-mutations';

/** /forms/delete/{id}: type the form name to confirm. */
export function FormDeletePage() {
  const { id = '' } = useParams();
  const form = useForm(id);
  const remove = useDeleteForm();

  return (
    <DeleteByNamePage
      title="Remover formulário"
      itemLabel="formulário"
      itemName={form.data?.name}
      loading={form.isPending}
      loadError={form.error}
      backTo="/forms"
      mismatchMessage={messages.forms.removeNameMismatch}
      successMessage={messages.forms.removed}
      errorPrefix={messages.forms.removeError}
      onDelete={() => remove.mutateAsync(id)}
    />
  );
}
