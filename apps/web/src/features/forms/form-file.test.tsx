import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FormBody } from '@ponte/shared/forms.schema';
import { catchDownloads } from '../../test/catch-downloads';
import { renderApp } from '../../test/render';
import { save } from './builder-test-helpers';
import { cadastro, field, setup } from './test-fixtures';

const exported = {
  _id: 'outro',
  name: 'Pesquisa de Satisfação',
  group: 'g1',
  version: 3,
  auth_pin: '1234',
  status: 'published',
  fields: [field('textarea', { name: 'comentario', label: 'Comentário' })],
  title: 'Sua opinião',
  message: '',
  success_message: 'Valeu!',
  show_back_button: false,
  wait_flow_result: true,
  require_auth_pin: false,
};

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const fileOf = (content: string) =>
  new File([content], 'pesquisa.form.json', { type: 'application/json' });

describe('export and import of a form', () => {
  it('exports {slug}.form.json with the editor state, without _id, group nor PIN', async () => {
    const downloads = catchDownloads();
    setup();
    const { user } = renderApp('/forms/edit/fm1');
    const name = await screen.findByDisplayValue('Cadastro de Clientes');
    await user.clear(name);
    await user.type(name, 'Cadastro de Clientes Ação!');
    await user.click(screen.getByRole('button', { name: 'Exportar' }));

    expect(downloads.names).toEqual(['cadastro-de-clientes-acao.form.json']);
    const file = JSON.parse(await readBlob(downloads.blobs[0]!)) as Record<string, unknown>;
    for (const key of ['_id', 'group', 'version', 'auth_pin', 'auth_pin_set', 'flow_id'])
      expect(file).not.toHaveProperty(key);
    expect(file).toMatchObject({
      name: 'Cadastro de Clientes Ação!',
      status: 'published',
      title: 'Cadastro',
      success_message: 'Obrigado!',
      require_auth_pin: true,
    });
    expect((file.fields as { name: string }[]).map((f) => f.name)).toEqual(['cpf', 'uf']);
  });

  it('imports on a new form after confirming, drops the group, and saves what it read', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const api = setup([
      { method: 'POST', path: '/api/v1/forms', reply: { status: 201, body: cadastro } },
    ]);
    const { user } = renderApp('/forms/new');
    const name = await screen.findByLabelText(/Nome do form/);
    const group = screen.getByRole('combobox', { name: 'Grupo' });
    await waitFor(() => expect(group).toHaveValue('Vendas'));
    await user.type(name, 'Rascunho');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(input, fileOf(JSON.stringify(exported)));
    let dialog = await screen.findByRole('dialog', { name: 'Importar form' });
    expect(
      within(dialog).getByText('Ao importar você substituirá o form atual. Deseja continuar?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(name).toHaveValue('Rascunho');

    await user.upload(input, fileOf(JSON.stringify(exported)));
    dialog = await screen.findByRole('dialog', { name: 'Importar form' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(name).toHaveValue('Pesquisa de Satisfação'));
    expect(group).toHaveValue('');
    expect(screen.getAllByTestId('form-field')[0]).toHaveTextContent('Comentário');

    await save(user);
    await screen.findByText('Form salvo com sucesso!');
    const body = api.callsTo('POST', '/api/v1/forms')[0]?.body as FormBody;
    expect(body).not.toHaveProperty('_id');
    expect(body).not.toHaveProperty('auth_pin');
    expect(body).toMatchObject({
      name: 'Pesquisa de Satisfação',
      group: null,
      status: 'published',
      wait_flow_result: true,
      show_back_button: false,
      success_message: 'Valeu!',
    });
  });

  it('imports at once into an empty editor, and refuses a file that is not a form', async () => {
    setup();
    const { user } = renderApp('/forms/new');
    const name = await screen.findByLabelText(/Nome do form/);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, fileOf('{"name": "x"}'));
    expect(
      await screen.findByText('O arquivo não é um form exportado pelo Ponte.'),
    ).toBeInTheDocument();
    await user.upload(input, fileOf('não é json'));
    await waitFor(() =>
      expect(screen.getAllByText('O arquivo não é um form exportado pelo Ponte.')).toHaveLength(2),
    );
    expect(name).toHaveValue('');

    await user.upload(input, fileOf(JSON.stringify(exported)));
    await waitFor(() => expect(name).toHaveValue('Pesquisa de Satisfação'));
    expect(screen.queryByRole('dialog', { name: 'Importar form' })).not.toBeInTheDocument();
  });
});
