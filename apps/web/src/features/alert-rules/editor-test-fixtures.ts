import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AlertFiring, AlertRule } from '@ponte/shared/alert-rules.schema';
import { mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { storeTestSession } from '../../test/session-fixtures';

export const listOf = (items: unknown[]) => ({ body: { items, total: items.length } });

export const timeoutRule: AlertRule = {
  _id: 'r1',
  name: 'Timeout nos pedidos',
  group: 'g1',
  type: 'match_log',
  enabled: true,
  action: 'webhook',
  action_email_to: '',
  action_email_message: '',
  action_email_account_id: null,
  action_webhook_method: 'put',
  action_webhook_url: 'https://hooks.exemplo.com.br/alertas',
  match_log_type: 'message_json',
  match_log_json_field: 'pedido.status',
  match_log_content: '/time ?out/i',
  flow_id: 'f1',
  timewindow_seconds: 600,
  no_success_minutes: null,
  queue_id: null,
  queue_depth_above: null,
  queue_depth_minutes: null,
  stuck_minutes: null,
  workspace_id: 'w1',
  version: 1,
  created_at: '2026-03-01T12:00:00Z',
  updated_at: '2026-03-02T12:00:00Z',
};

export const firing = (extra: Partial<AlertFiring>): AlertFiring => ({
  _id: 'x1',
  kind: 'match',
  state: 'sent',
  opened_at: '2026-03-05T15:04:05Z',
  closes_at: '2026-03-05T15:14:05Z',
  count: 50,
  lines: [],
  summary: null,
  attempts: 1,
  result_status: 200,
  result_message: 'Enviado',
  sent_at: '2026-03-05T15:14:06Z',
  ...extra,
});

/** The lookups every editor asks for, with `extra` routes first. */
export function setupEditor(extra: MockRoute[] = []) {
  storeTestSession();
  return mockFetch([
    ...extra,
    { method: 'GET', path: '/api/v1/alert-rules/r1', reply: { body: timeoutRule } },
    { method: 'GET', path: '/api/v1/alert-rules/r1/firings', reply: { body: { items: [] } } },
    {
      method: 'GET',
      path: '/api/v1/flows',
      reply: listOf([
        { _id: 'f1', name: 'Pedidos' },
        { _id: 'f2', name: 'Importação noturna' },
      ]),
    },
    {
      method: 'GET',
      path: '/api/v1/groups',
      reply: listOf([{ _id: 'g1', name: 'Vendas', created_at: '', updated_at: '' }]),
    },
    {
      method: 'GET',
      path: '/api/v1/service-accounts',
      reply: listOf([{ _id: 's1', name: 'SMTP da empresa', auth_type: 'smtp_account' }]),
    },
    { method: 'GET', path: '/api/v1/queues', reply: listOf([{ _id: 'q1', name: 'boletos' }]) },
    {
      method: 'GET',
      path: '/api/v1/alert-rules/email-senders',
      reply: { body: { instance_smtp: true } },
    },
  ]);
}

/** Picks an option of a Mantine Select by its label. */
export async function pick(user: UserEvent, input: HTMLElement, option: string | RegExp) {
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: option }));
}
