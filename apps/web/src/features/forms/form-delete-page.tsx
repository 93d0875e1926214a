import { messages } from '@ponte/shared/messages';
import { NamedResourceDeletePage } from '../../components/named-resource/named-resource-delete-page';
import { useForm } from './api/get-forms';
import { useDeleteForm } from './api/form-mutations';

/** /forms/delete/{id}: type the form name to confirm. */
export function FormDeletePage() {
  return (
    <NamedResourceDeletePage
      useItem={useForm}
      useRemove={useDeleteForm}
      title="Remover formulário"
      itemLabel="formulário"
      backTo="/forms"
      mismatchMessage={messages.forms.removeNameMismatch}
      successMessage={messages.forms.removed}
      errorPrefix={messages.forms.removeError}
    />
  );
}
