import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { catchDownloads, clientes, setup } from './test-fixtures';

const list = {
  method: 'GET',
  path: '/api/v1/db/tables',
  reply: { body: { items: [clientes], total: 25 } },
};

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('/database/tables', () => {
  it('lists a page of 10 of the selected group, with links to records, edit and remove', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const api = setup([list]);
    renderApp('/database/tables?page=2&query=cli');

    const table = await screen.findByRole('table', { name: 'Tabelas' });
    const call = api.callsTo('GET', '/api/v1/db/tables')[0];
    expect(call?.url.search).toBe('?page=2&limit=10&query=cli&group=g1');
    const row = within(table).getByRole('row', { name: /Clientes Ativos/ });
    expect(within(row).getByRole('link', { name: 'Clientes Ativos' })).toHaveAttribute(
      'href',
      '/database/entities/t1',
    );
    expect(within(row).getByRole('link', { name: 'Registros' })).toHaveAttribute(
      'href',
      '/database/entities/t1',
    );
    expect(within(row).getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/database/tables/edit/t1',
    );
    expect(within(row).getByRole('link', { name: 'Remover' })).toHaveAttribute(
      'href',
      '/database/tables/delete/t1',
    );
    expect(within(row).getByText('2')).toBeInTheDocument();
  });

  it('duplicates under the name typed, and shows the server message for a taken name', async () => {
    let answer = apiError(409, 'Já existe uma tabela com esse nome.');
    const api = setup([
      list,
      { method: 'POST', path: '/api/v1/db/tables/t1/duplicate', reply: () => answer },
    ]);
    const { user } = renderApp('/database/tables');
    const table = await screen.findByRole('table', { name: 'Tabelas' });
    await user.click(within(table).getByRole('button', { name: 'Duplicar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Duplicar tabela' });
    const name = within(dialog).getByLabelText(/Nome da nova tabela/);
    expect(name).toHaveValue('Clientes Ativos (cópia)');
    await user.clear(name);
    await user.type(name, '  Clientes Ativos  ');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicar' }));
    expect(await screen.findByText('Já existe uma tabela com esse nome.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/db/tables/t1/duplicate')[0]?.body).toEqual({
      name: 'Clientes Ativos',
    });

    answer = { status: 201, body: { ...clientes, _id: 't2', name: 'Clientes 2' } };
    await user.clear(name);
    await user.type(name, 'Clientes 2');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicar' }));
    expect(await screen.findByText('A tabela foi duplicada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('exports the structure as {slug}.db.json, without ids or records', async () => {
    setup([list]);
    const downloads = catchDownloads();
    const { user } = renderApp('/database/tables');
    const table = await screen.findByRole('table', { name: 'Tabelas' });
    await user.click(within(table).getByRole('button', { name: 'Exportar' }));

    await waitFor(() => expect(downloads.names).toEqual(['clientes-ativos.db.json']));
    const file = JSON.parse(await readBlob(downloads.blobs[0]!)) as Record<string, unknown>;
    expect(Object.keys(file).sort()).toEqual(['apply_default_values_new_fields', 'fields', 'name']);
    expect(file.fields).toEqual(clientes.fields);
  });
});

describe('/database/tables/delete/{id}', () => {
  it('removes only when the typed name matches', async () => {
    const api = setup([
      { method: 'DELETE', path: '/api/v1/db/tables/t1', reply: { status: 204 } },
      list,
    ]);
    const { user, router } = renderApp('/database/tables/delete/t1');
    const input = await screen.findByLabelText('Digite o nome para confirmar');
    await user.type(input, 'Clientes');
    await user.click(screen.getByRole('button', { name: 'Remover a tabela' }));
    expect(
      await screen.findByText('O nome da tabela não confere com o nome digitado!'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/db/tables/t1')).toHaveLength(0);

    await user.type(input, ' Ativos');
    await user.click(screen.getByRole('button', { name: 'Remover a tabela' }));
    expect(await screen.findByText('A tabela foi removida com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/database/tables'));
    expect(api.callsTo('DELETE', '/api/v1/db/tables/t1')).toHaveLength(1);
  });
});
