import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { newFormField } from '@ponte/shared/forms.schema';
import type { FormFieldType, PublicForm, PublicFormField } from '@ponte/shared/forms.schema';
import { theme } from '../app/theme';
import { PublicFormApp } from './public-form-app';

export const formId = 'f1';
export const definitionPath = `/engine/forms/${formId}/definition`;
export const submitPath = `/engine/forms/${formId}/submit`;

/** A public field of a type with the spec's defaults, code and label given. */
export function publicField(
  type: FormFieldType,
  name: string,
  label: string,
  extra: Partial<PublicFormField> = {},
): PublicFormField {
  const {
    options_source_type: _t,
    options_source_table: _s,
    options_source_value_field: _v,
    options_source_label_field: _l,
    ...field
  } = newFormField(type, 0);
  return { ...field, name, label, ...extra };
}

export function publicForm(fields: PublicFormField[], extra: Partial<PublicForm> = {}): PublicForm {
  return {
    _id: formId,
    title: 'Cadastro de cliente',
    message: '<p>Preencha <strong>todos</strong> os dados.</p>',
    success_message: '<p>O formulário foi enviado com sucesso!</p>',
    show_back_button: true,
    wait_flow_result: false,
    require_auth_pin: false,
    locked: false,
    preview: false,
    fields: fields.map((field, position) => ({ ...field, position })),
    ...extra,
  };
}

export const cpfField = publicField('text', 'cpf', 'CPF', {
  mask: 'cpf',
  validation: 'cpf',
  is_required: true,
});

/** The page at /engine/forms/f1 (and a query string), in Mantine's test mode. */
export function renderPage(search = '') {
  window.history.pushState({}, '', `/engine/forms/${formId}${search}`);
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <PublicFormApp />
    </MantineProvider>,
  );
  return { ...view, user };
}

/** The parts of a sent FormData, in order: [name, text or file name]. */
export function partsOf(body: unknown): [string, string][] {
  return [...(body as FormData).entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `arquivo:${value.name}`,
  ]);
}
