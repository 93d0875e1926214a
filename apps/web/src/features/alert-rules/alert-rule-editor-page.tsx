import { PageHeader } from '../../components/page-header';

/** /alert-rules/new and /alert-rules/edit/{id}. */
export function AlertRuleEditorPage() {
  return <PageHeader title="Regra de alerta" />;
}
