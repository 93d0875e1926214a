import type { VersionLabels } from '../../components/version-history/version-labels';

/** A rule's fields as its editor names them, for its history's comparisons. */
export const alertRuleVersionLabels: VersionLabels = {
  name: 'Nome',
  group: 'Grupo',
  type: 'Tipo',
  enabled: 'Ativo',
  action: 'Ação',
  action_email_to: 'Destinatários',
  action_email_message: 'Mensagem',
  action_email_account_id: 'Conta de envio',
  action_webhook_method: 'Método',
  action_webhook_url: 'URL',
  match_log_type: 'Origem',
  match_log_json_field: 'Campo do JSON',
  match_log_content: 'Conteúdo',
  flow_id: 'Flow',
  timewindow_seconds: 'Janela de captura (segundos)',
  no_success_minutes: 'Sem sucesso há mais de (minutos)',
  queue_id: 'Fila',
  queue_depth_above: 'Mais de (mensagens)',
  queue_depth_minutes: 'Por (minutos)',
  stuck_minutes: 'Na fila há mais de (minutos)',
};
