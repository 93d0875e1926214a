import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FormBody } from '@ponte/shared/forms.schema';
import { renderApp } from '../../test/render';
import { addField, apply, fill, pick, save } from './builder-test-helpers';
import { cadastro, setup } from './test-fixtures';

const put = { method: 'PUT', path: '/api/v1/forms/fm1', reply: { body: cadastro } };

async function openEditor() {
  const api = setup([put]);
  const view = renderApp('/forms/edit/fm1');
  await screen.findByDisplayValue('Cadastro de Clientes');
  return { api, ...view };
}

const sentFields = (api: Awaited<ReturnType<typeof openEditor>>['api']) =>
  (api.callsTo('PUT', '/api/v1/forms/fm1').at(-1)?.body as FormBody).fields ?? [];

describe('the field options modal', () => {
  it('takes a select options from a database table: value column _id, a label column', async () => {
    const { api, user } = await openEditor();
    const dialog = await addField(user, 'Lista de seleção');
    await fill(user, dialog, /Código/, 'cliente');
    await fill(user, dialog, /^Label/, 'Cliente');
    await user.click(within(dialog).getByText('Tabela do banco de dados'));
    expect(within(dialog).getByText(/no máximo 100 registros/)).toBeInTheDocument();
    await pick(user, within(dialog).getByRole('combobox', { name: /Tabela do banco/ }), 'Clientes');
    expect(within(dialog).getByRole('combobox', { name: /Coluna de valor/ })).toHaveValue(
      'ID do registro (_id)',
    );
    await apply(user, dialog);
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Escolha a coluna de label do campo 3.',
    );
    expect(api.callsTo('PUT', '/api/v1/forms/fm1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Opções do campo 3' }));
    const again = await screen.findByRole('dialog', { name: 'Opções do campo 3' });
    await pick(
      user,
      within(again).getByRole('combobox', { name: /Coluna de label/ }),
      'Nome (nome)',
    );
    await apply(user, again);
    await save(user);
    await screen.findByText('Form salvo com sucesso!');
    expect(sentFields(api)[2]).toMatchObject({
      name: 'cliente',
      type: 'select',
      options_source_type: 'database',
      options_source_table: 't1',
      options_source_value_field: '_id',
      options_source_label_field: 'nome',
    });
  });

  it('asks a table field only for its database table', async () => {
    const { api, user } = await openEditor();
    const dialog = await addField(user, 'Tabela');
    await fill(user, dialog, /Código/, 'itens');
    await fill(user, dialog, /^Label/, 'Itens');
    await user.click(within(dialog).getByText('Tabela do banco de dados'));
    expect(within(dialog).queryByRole('combobox', { name: /Coluna de label/ })).toBeNull();
    await apply(user, dialog);
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Escolha a tabela do banco de dados do campo 3.',
    );
    await user.click(screen.getByRole('button', { name: 'Opções do campo 3' }));
    const again = await screen.findByRole('dialog', { name: 'Opções do campo 3' });
    await pick(user, within(again).getByRole('combobox', { name: /Tabela do banco/ }), 'Clientes');
    await apply(user, again);
    await save(user);
    await screen.findByText('Form salvo com sucesso!');
    expect(sentFields(api)[2]).toMatchObject({ type: 'table', options_source_table: 't1' });
  });

  it('offers mask and validation for text, a custom mask with its hint, and clamps the width', async () => {
    const { api, user } = await openEditor();
    const dialog = await addField(user, 'Texto');
    await fill(user, dialog, /Código/, 'placa');
    await fill(user, dialog, /^Label/, 'Placa');
    await pick(user, within(dialog).getByRole('combobox', { name: 'Validação' }), 'Número');
    await pick(user, within(dialog).getByRole('combobox', { name: 'Máscara' }), 'Personalizada');
    expect(
      within(dialog).getByText('0 dígito, S letra, A letra ou número, # dígitos variáveis.'),
    ).toBeInTheDocument();
    await fill(user, dialog, /Largura/, '250');
    await apply(user, dialog);
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Informe a máscara personalizada do campo 3.',
    );

    await user.click(screen.getByRole('button', { name: 'Opções do campo 3' }));
    const again = await screen.findByRole('dialog', { name: 'Opções do campo 3' });
    await fill(user, again, /Máscara personalizada/, 'SSS-0A00');
    await apply(user, again);
    await save(user);
    await screen.findByText('Form salvo com sucesso!');
    expect(sentFields(api)[2]).toMatchObject({
      mask: 'custom',
      mask_custom: 'SSS-0A00',
      validation: 'number',
      width_percent: 100,
    });
  });

  it('sets an upload field: several files, extensions, and a size of at most 100 Mb', async () => {
    const { api, user } = await openEditor();
    const dialog = await addField(user, 'Upload de arquivo');
    expect(within(dialog).getByLabelText(/Tamanho máximo/)).toHaveValue('10');
    expect(within(dialog).queryByLabelText('Máscara')).toBeNull();
    await fill(user, dialog, /Código/, 'anexos');
    await fill(user, dialog, /^Label/, 'Anexos');
    await user.click(within(dialog).getByLabelText('Permitir vários arquivos'));
    await fill(user, dialog, /Extensões aceitas/, 'pdf; jpg');
    await fill(user, dialog, /Tamanho máximo/, '101');
    await apply(user, dialog);
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O tamanho máximo do upload do campo 3 deve ser de 1 a 100 Mb.',
    );

    await user.click(screen.getByRole('button', { name: 'Opções do campo 3' }));
    let again = await screen.findByRole('dialog', { name: 'Opções do campo 3' });
    await fill(user, again, /Tamanho máximo/, '25');
    await apply(user, again);
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'As extensões do campo 3 devem ser separadas por vírgula (ex.: pdf, jpg, png).',
    );
    await user.click(screen.getByRole('button', { name: 'Opções do campo 3' }));
    again = await screen.findByRole('dialog', { name: 'Opções do campo 3' });
    await fill(user, again, /Extensões aceitas/, 'pdf, jpg');
    await apply(user, again);
    await save(user);
    await screen.findByText('Form salvo com sucesso!');
    expect(sentFields(api)[2]).toMatchObject({
      type: 'upload',
      upload_multiple: true,
      upload_extensions: 'pdf, jpg',
      upload_maxsize: 25,
    });
  });

  it('cancels without changing the field', async () => {
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Opções do campo 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opções do campo 1' });
    await fill(user, dialog, /^Label/, 'Outro');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getAllByTestId('form-field')[0]).toHaveTextContent('1. CPF');
  });
});
