import type { Form, FormField } from '@ponte/shared/forms.schema';
import { newFormField } from '@ponte/shared/forms.schema';
import type { MockRoute } from '../../test/mock-fetch';
import { listOf, setupWorkspacePage } from '../../test/workspace-page-setup';

export const field = (
  type: FormField['type'],
  extra: Partial<FormField> = {},
  position = 0,
): FormField => ({ ...newFormField(type, position), ...extra });

export const cadastro: Form = {
  _id: 'fm1',
  name: 'Cadastro de Clientes',
  group: 'g1',
  status: 'published',
  fields: [
    field('text', { name: 'cpf', label: 'CPF', mask: 'cpf', validation: 'cpf', is_required: true }),
    field(
      'select',
      { name: 'uf', label: 'Estado', options: [{ label: 'São Paulo', value: 'SP' }] },
      1,
    ),
  ],
  title: 'Cadastro',
  message: '<p>Preencha seus dados.</p>',
  success_message: 'Obrigado!',
  show_back_button: true,
  wait_flow_result: false,
  require_auth_pin: true,
  auth_pin_set: true,
  flow_id: { _id: 'f1', name: 'Receber cadastro' },
  workspace_id: 'w1',
  version: 1,
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-03-01T02:00:00.000Z',
};

export { listOf };

export const clientes = {
  _id: 't1',
  name: 'Clientes',
  fields: [
    { name: 'nome', label: 'Nome' },
    { name: 'cidade', label: 'Cidade' },
  ],
};

/** A signed-in session and the calls every page of the app makes, plus `extra` first. */
export function setup(extra: MockRoute[] = []) {
  return setupWorkspacePage(extra, [
    { method: 'GET', path: '/api/v1/forms/fm1', reply: { body: cadastro } },
    { method: 'GET', path: '/api/v1/db/tables', reply: listOf([{ _id: 't1', name: 'Clientes' }]) },
    { method: 'GET', path: '/api/v1/db/tables/t1', reply: { body: clientes } },
  ]);
}
