import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { formMessages } from '@ponte/shared/messages-forms';
import { mockFetch } from '../test/mock-fetch';
import {
  cpfField,
  definitionPath,
  partsOf,
  publicField,
  publicForm,
  renderPage,
  submitPath,
} from './test-fixtures';

const texts = formMessages.public;
const options = [
  { label: 'São Paulo', value: 'SP' },
  { label: 'Rio de Janeiro', value: 'RJ' },
];

const everyType = publicForm(
  [
    publicField('text', 'nome', 'Nome completo', { is_required: true, width_percent: 50 }),
    publicField('textarea', 'obs', 'Observações'),
    publicField('date', 'nascimento', 'Nascimento'),
    publicField('datetime', 'visita', 'Visita'),
    publicField('checkbox', 'aceite', 'Aceito os termos'),
    publicField('select', 'estado', 'Estado', { options }),
    publicField('radio', 'contato', 'Contato preferido', {
      options: [
        { label: 'E-mail', value: 'email' },
        { label: 'Telefone', value: 'fone' },
      ],
    }),
    publicField('multiple_checkbox', 'dias', 'Dias', {
      options: [
        { label: 'Segunda', value: 'seg' },
        { label: 'Terça', value: 'ter' },
      ],
    }),
    publicField('multiple_select', 'regioes', 'Regiões', { options }),
    publicField('separator', 'sep', 'Endereço'),
    publicField('upload', 'documento', 'Documento', { upload_extensions: 'pdf' }),
    publicField('hidden', 'origem', 'Origem', { default_value: 'padrao' }),
    publicField('table', 'itens', 'Itens', {
      options: [
        { label: 'Produto', value: 'produto', is_required: true },
        { label: 'Quantidade', value: 'qtd' },
      ],
    }),
  ],
  {
    message:
      '<p>Preencha <strong>tudo</strong>.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
  },
);

describe('public form page: the fields', () => {
  it('renders every field type, the title as text and the message as sanitised HTML', async () => {
    mockFetch([{ method: 'GET', path: definitionPath, reply: { body: everyType } }]);
    const { container } = renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cadastro de cliente' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Cadastro de cliente'));
    expect(screen.getByText('tudo').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();

    expect(screen.getByRole('textbox', { name: /Nome completo/ })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Observações' }).tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Nascimento')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Visita')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByRole('checkbox', { name: 'Aceito os termos' })).not.toBeChecked();
    expect(screen.getAllByLabelText('Estado')[0]).toHaveAttribute('id', 'campo-estado');
    expect(screen.getByRole('radio', { name: 'Telefone' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Terça' })).toBeVisible();
    expect(screen.getByText('Regiões')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Endereço' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Documento' })).toHaveTextContent(texts.chooseFile);
    expect(screen.queryByText('Origem')).toBeNull();
    expect(screen.getByRole('button', { name: texts.addRow })).toBeVisible();
    expect(container.querySelector('[data-field="nome"]')).toHaveStyle({ '--field-width': '50%' });
  });

  it('edits table rows and sends the hidden value taken from the address', async () => {
    const api = mockFetch([
      { method: 'GET', path: definitionPath, reply: { body: everyType } },
      { method: 'POST', path: submitPath, reply: { body: { outcome: 'sent' } } },
    ]);
    const { user } = renderPage('?origem=site');
    await user.type(await screen.findByRole('textbox', { name: /Nome completo/ }), 'Ana');
    await user.click(screen.getByRole('checkbox', { name: 'Aceito os termos' }));
    await user.click(screen.getByRole('radio', { name: 'Telefone' }));
    await user.click(screen.getByRole('checkbox', { name: 'Terça' }));
    await user.click(screen.getAllByLabelText('Estado')[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Rio de Janeiro' }));
    await user.type(screen.getByLabelText('Nascimento'), '1990-05-17');
    await user.click(screen.getByRole('button', { name: texts.addRow }));
    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(await screen.findByText(texts.tableRowRequired(1, 'Produto'))).toBeVisible();
    expect(api.callsTo('POST', submitPath)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Produto \(linha 1\)/ }), 'Caneta');
    await user.type(screen.getByRole('textbox', { name: /Quantidade \(linha 1\)/ }), '3');
    await user.click(screen.getByRole('button', { name: texts.submit }));
    await screen.findByText('O formulário foi enviado com sucesso!');
    const [values] = partsOf(api.callsTo('POST', submitPath)[0]?.body);
    expect(JSON.parse(values?.[1] ?? '{}')).toEqual({
      nome: 'Ana',
      obs: '',
      nascimento: '1990-05-17',
      visita: '',
      aceite: true,
      estado: 'RJ',
      contato: 'fone',
      dias: ['ter'],
      regioes: [],
      origem: 'site',
      itens: [{ produto: 'Caneta', qtd: '3' }],
    });
  });

  it('formats a CPF as it is typed and refuses a wrong one as typed, sending nothing', async () => {
    const api = mockFetch([
      { method: 'GET', path: definitionPath, reply: { body: publicForm([cpfField]) } },
    ]);
    const { user } = renderPage();
    const input = await screen.findByRole('textbox', { name: /CPF/ });
    expect(input).toHaveAttribute('placeholder', '000.000.000-00');

    await user.type(input, '52998224725');
    expect(input).toHaveValue('529.982.247-25');
    expect(screen.queryByText(texts.invalidCpf)).toBeNull();

    await user.clear(input);
    await user.type(input, '52998224724');
    expect(input).toHaveValue('529.982.247-24');
    expect(await screen.findByText(texts.invalidCpf)).toBeVisible();

    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(await screen.findByText(texts.invalidSummary)).toBeVisible();
    expect(input).toHaveFocus();
    expect(api.callsTo('POST', submitPath)).toHaveLength(0);

    // Once the field is right again, the summary goes away with the field's error.
    await user.clear(input);
    await user.type(input, '52998224725');
    expect(screen.queryByText(texts.invalidCpf)).toBeNull();
    expect(screen.queryByText(texts.invalidSummary)).toBeNull();
  });

  it('keeps the letters of an alphanumeric CNPJ, with a keyboard that has them', async () => {
    const cnpj = publicField('text', 'cnpj', 'CNPJ', { mask: 'cnpj', validation: 'cnpj' });
    mockFetch([
      { method: 'GET', path: definitionPath, reply: { body: publicForm([cnpj, cpfField]) } },
    ]);
    const { user } = renderPage();
    const input = await screen.findByRole('textbox', { name: /CNPJ/ });
    // A phone's digits-only keyboard would leave no way to type the letters.
    expect(input).not.toHaveAttribute('inputmode');
    expect(screen.getByRole('textbox', { name: /CPF/ })).toHaveAttribute('inputmode', 'numeric');

    await user.type(input, '12abc34501de35');
    expect(input).toHaveValue('12.ABC.345/01DE-35');
    expect(screen.queryByText(texts.invalidCnpj)).toBeNull();
    await user.clear(input);
    await user.type(input, '12abc34501de36');
    expect(await screen.findByText(texts.invalidCnpj)).toBeVisible();
  });

  it('shows a required field’s error once it is left and on submit, sending nothing', async () => {
    const api = mockFetch([
      {
        method: 'GET',
        path: definitionPath,
        reply: {
          body: publicForm([
            publicField('text', 'nome', 'Nome', { is_required: true }),
            publicField('text', 'email', 'E-mail', { validation: 'email' }),
          ]),
        },
      },
    ]);
    const { user } = renderPage();
    const nome = await screen.findByRole('textbox', { name: /Nome/ });
    await user.click(nome);
    expect(screen.queryByText(texts.required)).toBeNull();
    await user.tab();
    expect(await screen.findByText(texts.required)).toBeVisible();
    await user.type(nome, 'Ana');
    expect(screen.queryByText(texts.required)).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@');
    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(await screen.findByText(texts.invalidEmail)).toBeVisible();
    expect(api.callsTo('POST', submitPath)).toHaveLength(0);
  });

  it('refuses a file of another extension or too big when chosen, before sending', async () => {
    const api = mockFetch([
      {
        method: 'GET',
        path: definitionPath,
        reply: {
          body: publicForm([
            publicField('upload', 'anexo', 'Anexo', {
              upload_extensions: 'pdf, jpg',
              upload_maxsize: 1,
              is_required: true,
            }),
          ]),
        },
      },
      { method: 'POST', path: submitPath, reply: { body: { outcome: 'sent' } } },
    ]);
    const { user, container } = renderPage();
    await screen.findByRole('button', { name: 'Anexo' });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.pdf,.jpg');

    await user.upload(input, new File(['MZ'], 'programa.exe'));
    expect(await screen.findByText(texts.fileExtension('programa.exe', 'pdf, jpg'))).toBeVisible();
    expect(screen.getByText(texts.noFileChosen)).toBeVisible();

    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'grande.pdf');
    await user.upload(input, big);
    expect(await screen.findByText(texts.fileTooLarge('grande.pdf', 1))).toBeVisible();

    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(api.callsTo('POST', submitPath)).toHaveLength(0);

    await user.upload(input, new File(['%PDF'], 'nota.pdf'));
    const anexo = within(container.querySelector('[data-field="anexo"]') as HTMLElement);
    expect(anexo.getByText(/nota\.pdf/)).toBeVisible();
    expect(anexo.queryByText(texts.fileTooLarge('grande.pdf', 1))).toBeNull();
    await user.click(screen.getByRole('button', { name: texts.submit }));
    await screen.findByText('O formulário foi enviado com sucesso!');
    expect(partsOf(api.callsTo('POST', submitPath)[0]?.body)).toEqual([
      ['values', '{}'],
      ['anexo', 'arquivo:nota.pdf'],
    ]);
  });
});
