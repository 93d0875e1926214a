import { messages } from '@ponte/shared/messages';
import { NamedResourceDeletePage } from '../../components/named-resource/named-resource-delete-page';
import { useDeleteAlertRule } from './api/alert-rule-mutations';
import { useAlertRule } from './api/get-alert-rules';

const m = messages.alertRules;

/**
 * /alert-rules/delete/{id} (spec 2 'Alert rules', §5): type the rule's name to confirm. Its
 * notifications still waiting in the sending queue go with it.
 */
export function AlertRuleDeletePage() {
  return (
    <NamedResourceDeletePage
      useItem={useAlertRule}
      useRemove={useDeleteAlertRule}
      title="Remover regra de alerta"
      itemLabel="regra de alerta"
      confirmLabel="Remover a regra de alerta"
      backTo="/alert-rules"
      mismatchMessage={m.nameMismatch}
      successMessage={m.removed}
      errorPrefix={m.removeError}
      warning="Os avisos desta regra que ainda estão na fila de envio também serão removidos."
    />
  );
}
