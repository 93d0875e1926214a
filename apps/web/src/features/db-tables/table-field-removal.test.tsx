import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@ponte/shared/messages';
import { renderApp } from '../../test/render';
import { clientes, setup } from './test-fixtures';

const list = { method: 'GET', path: '/api/v1/db/tables', reply: { body: { items: [], total: 0 } } };
const fieldRow = (n: number) => screen.getByRole('listitem', { name: `Campo ${n}` });
const valuesCount = (name: string) => `/api/v1/db/tables/t1/fields/${name}/values-count`;

type SavedBody = {
  fields: { name: string; previous_name?: string }[];
  confirm_remove_values?: string[];
};

// A guard against a hung test only: these type into and click through a whole structure.
describe('table structure editor: renaming and removing fields', () => {
  it('asks with the count before removing a field that holds values, and says so when saving', async () => {
    const api = setup([
      list,
      { method: 'GET', path: valuesCount('cidade'), reply: { body: { count: 0 } } },
      { method: 'GET', path: valuesCount('notas'), reply: { body: { count: 3 } } },
      { method: 'PUT', path: '/api/v1/db/tables/t1', reply: { body: clientes } },
    ]);
    const { user, router } = renderApp('/database/tables/edit/t1');
    await screen.findByDisplayValue('Clientes Ativos');

    // A rename: the field keeps the name it was loaded as, so its values follow.
    const name = within(fieldRow(1)).getByLabelText(/Nome/);
    await user.clear(name);
    await user.type(name, 'correio');

    await user.click(screen.getByRole('button', { name: 'Remover o campo 8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover o campo "Notas"?' });
    expect(
      within(dialog).getByText(
        'Este campo tem valores em 3 registros. Ao salvar a tabela, esses valores serão apagados e não poderão ser recuperados.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(8);

    await user.click(screen.getByRole('button', { name: 'Remover o campo 8' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remover o campo "Notas"?' })).getByRole(
        'button',
        { name: 'Confirmar' },
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(7));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A tabela foi salva com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/database/tables'));
    const body = api.callsTo('PUT', '/api/v1/db/tables/t1')[0]?.body as SavedBody;
    expect(body.confirm_remove_values).toEqual(['notas']);
    expect(body.fields[0]).toMatchObject({ name: 'correio', previous_name: 'email' });
    expect(body.fields.map((field) => field.previous_name)).toEqual([
      'email',
      'nome',
      'idade',
      'saldo',
      'ativo',
      'nascimento',
      'visto_em',
    ]);
  });

  it('a save the server refuses for values it would delete asks, then saves again confirmed', async () => {
    const refusal = messages.tables.fieldHasValues('Nome', 2);
    let puts = 0;
    const api = setup([
      list,
      { method: 'GET', path: valuesCount('nome'), reply: { body: { count: 0 } } },
      {
        method: 'PUT',
        path: '/api/v1/db/tables/t1',
        reply: () =>
          ++puts === 1
            ? {
                status: 409,
                body: {
                  statusCode: 409,
                  code: 'field_has_values',
                  message: refusal,
                  details: {
                    fields: [{ name: 'nome', label: 'Nome', count: 2, message: refusal }],
                  },
                },
              }
            : { body: clientes },
      },
    ]);
    const { user, router } = renderApp('/database/tables/edit/t1');
    await screen.findByDisplayValue('Clientes Ativos');
    // Nothing in it when asked; values written since then.
    await user.click(screen.getByRole('button', { name: 'Remover o campo 2' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(7));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Apagar valores dos registros?' });
    expect(within(dialog).getByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText(/Ocorreu um erro ao salvar a tabela/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByText('A tabela foi salva com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/database/tables'));
    const bodies = api.callsTo('PUT', '/api/v1/db/tables/t1').map((call) => call.body as SavedBody);
    expect(bodies.map((body) => body.confirm_remove_values)).toEqual([undefined, ['nome']]);
  });
});
