import type { AlertRule } from '@ponte/shared/alert-rules.schema';
import type { MockRoute } from '../../test/mock-fetch';
import { listOf, setupWorkspacePage } from '../../test/workspace-page-setup';

/** 'Erros de pedidos': a match_log webhook rule of group g1, window 5 minutes, enabled. */
export const pedidos: AlertRule = {
  _id: 'r1',
  name: 'Erros de pedidos',
  group: 'g1',
  type: 'match_log',
  enabled: true,
  action: 'webhook',
  action_email_to: '',
  action_email_message: '',
  action_email_account_id: null,
  action_webhook_method: 'post',
  action_webhook_url: 'https://hooks.example.com/alertas',
  match_log_type: 'message',
  match_log_json_field: '',
  match_log_content: 'erro',
  flow_id: null,
  timewindow_seconds: 300,
  no_success_minutes: null,
  queue_id: null,
  queue_depth_above: null,
  queue_depth_minutes: null,
  stuck_minutes: null,
  workspace_id: 'w1',
  version: 1,
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-03-01T02:00:00.000Z',
};

/** 'Importação noturna': a disabled no_success e-mail rule with no group. */
export const noturna: AlertRule = {
  ...pedidos,
  _id: 'r2',
  name: 'Importação noturna',
  group: null,
  type: 'no_success',
  enabled: false,
  action: 'email',
  action_email_to: 'ops@example.com',
  action_webhook_url: '',
  match_log_content: '',
  flow_id: 'f1',
  no_success_minutes: 1560,
};

/** 'Fila sem worker': an enabled stuck_execution webhook rule on any flow, 5 minutes. */
export const semWorker: AlertRule = {
  ...pedidos,
  _id: 'r3',
  name: 'Fila sem worker',
  type: 'stuck_execution',
  match_log_content: '',
  stuck_minutes: 5,
};

export { listOf };

/** A signed-in session and the calls every page of the app makes, plus `extra` first. */
export function setup(extra: MockRoute[] = []) {
  return setupWorkspacePage(extra, [
    { method: 'GET', path: '/api/v1/alert-rules/r1', reply: { body: pedidos } },
  ]);
}
