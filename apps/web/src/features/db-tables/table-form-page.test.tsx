import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { clientes, setup } from './test-fixtures';
import {
  followSidebarLink,
  keepEditing,
  leaveQuestion,
  leaveWithoutSaving,
} from '../../test/leave-question';

const saved = { body: clientes };
const list = { method: 'GET', path: '/api/v1/db/tables', reply: { body: { items: [], total: 0 } } };
const fieldRow = (n: number) => screen.getByRole('listitem', { name: `Campo ${n}` });
const valuesCount = (name: string) => `/api/v1/db/tables/t1/fields/${name}/values-count`;

describe('table structure editor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts as "Nova tabela" and lists the errors found instead of saving', async () => {
    const api = setup([list]);
    const { user } = renderApp('/database/tables/new');
    expect(screen.getByRole('heading', { name: 'Nova tabela' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome da tabela/)).toHaveValue('Nova tabela');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erros encontrados:')).toBeInTheDocument();
    expect(
      within(alert).getByText('A tabela deve conter pelo menos um campo.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Adicionar campo' }));
    // Once a save was refused, the list follows the edits: the fixed error leaves at once.
    expect(screen.queryByText('A tabela deve conter pelo menos um campo.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Adicionar campo' }));
    await user.type(within(fieldRow(1)).getByLabelText(/Nome/), 'email');
    await user.type(within(fieldRow(2)).getByLabelText(/Nome/), 'email');
    await user.type(within(fieldRow(2)).getByLabelText(/Label/), 'E-mail');
    await user.clear(within(fieldRow(2)).getByLabelText(/Tamanho/));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const errors = within(await screen.findByRole('alert'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(errors).toEqual([
      'O campo "Label" da campo 1 é obrigatório.',
      'O campo "Tamanho" da campo 2 é obrigatório.',
      'Existem campos com nomes duplicados: email',
    ]);
    expect(api.callsTo('POST', '/api/v1/db/tables')).toHaveLength(0);
  });

  it('disables the length for types other than string and longtext', async () => {
    setup([list]);
    const { user } = renderApp('/database/tables/new');
    await user.click(screen.getByRole('button', { name: 'Adicionar campo' }));
    const row = fieldRow(1);
    expect(within(row).getByLabelText(/Tamanho/)).toBeEnabled();
    await user.click(within(row).getByRole('combobox', { name: /Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Número inteiro' }));
    expect(within(fieldRow(1)).getByLabelText(/Tamanho/)).toBeDisabled();
    await user.click(within(fieldRow(1)).getByRole('combobox', { name: /Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Texto longo' }));
    expect(within(fieldRow(1)).getByLabelText(/Tamanho/)).toBeEnabled();
  });

  it('reorders fields with the arrows and Alt+arrow keys, and saves them in order', async () => {
    const api = setup([list, { method: 'POST', path: '/api/v1/db/tables', reply: saved }]);
    const { user, router } = renderApp('/database/tables/new');
    const name = screen.getByLabelText(/Nome da tabela/);
    await user.clear(name);
    await user.type(name, ' Pedidos ');
    for (const key of ['a', 'b', 'c']) {
      await user.click(screen.getByRole('button', { name: 'Adicionar campo' }));
      const row = screen.getAllByRole('listitem').at(-1)!;
      await user.type(within(row).getByLabelText(/Nome/), key);
      await user.type(within(row).getByLabelText(/Label/), key.toUpperCase());
    }
    await user.click(screen.getByRole('button', { name: 'Mover o campo 3 para cima' }));
    fireEvent.keyDown(within(fieldRow(1)).getByLabelText(/Nome/), {
      key: 'ArrowDown',
      altKey: true,
    });
    // a b c → a c b → c a b
    expect(within(fieldRow(1)).getByLabelText(/Nome/)).toHaveValue('c');
    await user.click(within(fieldRow(2)).getByLabelText('Único'));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A tabela foi salva com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/database/tables'));
    const body = api.callsTo('POST', '/api/v1/db/tables')[0]?.body as {
      name: string;
      group: string | null;
      fields: { name: string; position: number; is_unique: boolean; length: number | null }[];
    };
    expect(body.name).toBe('Pedidos');
    expect(body.group).toBeNull();
    expect(body.fields.map((f) => [f.name, f.position, f.is_unique, f.length])).toEqual([
      ['c', 0, false, 255],
      ['a', 1, true, 255],
      ['b', 2, false, 255],
    ]);
  });

  it('moves a field by dragging its handle with the keyboard, announced in Portuguese', async () => {
    // jsdom has no layout: each field card gets a 100px tall box, stacked in list order.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const card = this.closest('li');
      const cards = [...document.querySelectorAll('li')];
      const top = card ? cards.indexOf(card) * 110 : 0;
      const height = card ? 100 : 0;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        width: 600,
        height,
        right: 600,
        bottom: top + height,
        toJSON: () => ({}),
      };
    });
    const api = setup([list, { method: 'POST', path: '/api/v1/db/tables', reply: saved }]);
    const { user } = renderApp('/database/tables/new');
    for (const key of ['a', 'b', 'c']) {
      await user.click(screen.getByRole('button', { name: 'Adicionar campo' }));
      const row = screen.getAllByRole('listitem').at(-1)!;
      await user.type(within(row).getByLabelText(/Nome/), key);
      await user.type(within(row).getByLabelText(/Label/), key.toUpperCase());
    }
    const handle = screen.getByRole('button', { name: 'Arrastar o campo 1' });
    expect(handle).toHaveAttribute('aria-roledescription', 'campo que pode ser arrastado');
    expect(document.body).toHaveTextContent(/Para mover um campo, pressione espaço ou Enter/);
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(screen.getByText('Campo 1 (a) pego, na posição 1 de 3.')).toBeInTheDocument(),
    );
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByText('Campo 1 (a) movido para a posição 2 de 3.')).toBeInTheDocument(),
    );
    await user.keyboard(' ');
    // a b c → b a c
    await waitFor(() => expect(within(fieldRow(1)).getByLabelText(/Nome/)).toHaveValue('b'));
    expect(within(fieldRow(2)).getByLabelText(/Nome/)).toHaveValue('a');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/db/tables')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/v1/db/tables')[0]?.body as {
      fields: { name: string; position: number }[];
    };
    expect(body.fields.map((f) => [f.name, f.position])).toEqual([
      ['b', 0],
      ['a', 1],
      ['c', 2],
    ]);
  });

  it('edits a table and shows the server reason after the spec prefix', async () => {
    const api = setup([
      list,
      { method: 'GET', path: valuesCount('notas'), reply: { body: { count: 0 } } },
      {
        method: 'PUT',
        path: '/api/v1/db/tables/t1',
        reply: apiError(400, 'O campo "idade" não pode mudar de tipo: registros e1.'),
      },
    ]);
    const { user } = renderApp('/database/tables/edit/t1');
    expect(await screen.findByDisplayValue('Clientes Ativos')).toBeInTheDocument();
    expect(within(fieldRow(8)).getByLabelText(/Nome/)).toHaveValue('notas');
    await user.click(screen.getByRole('button', { name: 'Remover o campo 8' }));
    // No record holds a value in it: it goes without a question.
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(7));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(
        'Ocorreu um erro ao salvar a tabela: O campo "idade" não pode mudar de tipo: registros e1.',
      ),
    ).toBeInTheDocument();
    const body = api.callsTo('PUT', '/api/v1/db/tables/t1')[0]?.body as {
      group: string;
      fields: unknown[];
    };
    expect(body.group).toBe('g1');
    expect(body.fields).toHaveLength(7);
  });

  it('imports a .db.json file, asking before it replaces the current fields', async () => {
    setup([list]);
    const { user } = renderApp('/database/tables/edit/t1');
    await screen.findByDisplayValue('Clientes Ativos');
    const file = new File(
      [
        JSON.stringify({
          name: 'Outra',
          fields: [{ name: 'codigo', label: 'Código', type: 'integer' }],
        }),
      ],
      'outra.db.json',
      { type: 'application/json' },
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, file);
    const dialog = await screen.findByRole('dialog', { name: 'Importar estrutura' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(8);

    await user.upload(input, file);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Importar estrutura' })).getByRole(
        'button',
        {
          name: 'Confirmar',
        },
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(within(fieldRow(1)).getByLabelText(/Nome/)).toHaveValue('codigo');
    // An existing table keeps its name.
    expect(screen.getByLabelText(/Nome da tabela/)).toHaveValue('Clientes Ativos');
  });

  it('refuses a file that is not a table structure', async () => {
    setup([list]);
    const { user } = renderApp('/database/tables/new');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['{"x":1}'], 'x.db.json', { type: 'application/json' }));
    expect(
      await screen.findByText('O arquivo não contém uma estrutura de tabela válida.'),
    ).toBeInTheDocument();
  });

  it('asks before a sidebar link drops a changed structure; moving a field back is no change', async () => {
    setup([list, { method: 'GET', path: valuesCount('notas'), reply: { body: { count: 0 } } }]);
    const { user, router } = renderApp('/database/tables/edit/t1');
    await screen.findByDisplayValue('Clientes Ativos');
    await user.click(screen.getByRole('button', { name: 'Mover o campo 2 para cima' }));
    await user.click(screen.getByRole('button', { name: 'Mover o campo 2 para cima' }));
    await followSidebarLink(user, 'Filas internas');
    await waitFor(() => expect(router.state.location.pathname).toBe('/queues'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() => router.navigate('/database/tables/edit/t1'));
    await screen.findByDisplayValue('Clientes Ativos');
    await user.click(screen.getByRole('button', { name: 'Remover o campo 8' }));
    await followSidebarLink(user, 'Filas internas');
    await keepEditing(user);
    expect(router.state.location.pathname).toBe('/database/tables/edit/t1');
    expect(screen.queryByRole('listitem', { name: 'Campo 8' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await leaveQuestion();
    await leaveWithoutSaving(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/database/tables'));
  });
});
