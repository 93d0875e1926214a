import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@ponte/shared/messages';
import type { RecordedCall } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { dispositionFileName } from '../../lib/api/api-client';
import { ana, bruno, catchDownloads, setup } from './test-fixtures';

const entities = {
  method: 'GET',
  path: '/api/v1/db/entities',
  reply: { body: { items: [ana, bruno], total: 2 } },
};

const filterOf = (call: RecordedCall | undefined) =>
  JSON.parse(call?.url.searchParams.get('filter') ?? 'null') as {
    table: string;
    timezoneOffset: number;
    fields: Record<string, unknown>;
  };

beforeEach(() => window.sessionStorage.clear());

describe('/database/entities/{table_id}', () => {
  it('asks for 20 records of the table, shows every column but longtext and cuts long text', async () => {
    const api = setup([entities]);
    renderApp('/database/entities/t1');
    const table = await screen.findByRole('table', { name: 'Registros' });
    expect(
      screen.getByRole('heading', { name: 'Registros - Clientes Ativos' }),
    ).toBeInTheDocument();

    const call = api.callsTo('GET', '/api/v1/db/entities')[0];
    expect(call?.url.searchParams.get('page')).toBe('1');
    expect(call?.url.searchParams.get('size')).toBe('20');
    expect(filterOf(call)).toEqual({
      table: 't1',
      timezoneOffset: new Date().getTimezoneOffset(),
      fields: {},
    });

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      '',
      'E-mail',
      'Nome',
      'Idade',
      'Saldo',
      'Ativo',
      'Nascimento',
      'Visto em',
      'Ações',
    ]);
    const anaRow = within(table).getByRole('row', { name: /ana@exemplo/ });
    for (const text of ['31', '1.234,5', 'Sim', '20/04/1995', '15/01/2026 09:34:56'])
      expect(within(anaRow).getByText(text)).toBeInTheDocument();
    expect(within(anaRow).getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/database/entities/edit/e1',
    );
    expect(within(table).getByText(`${'y'.repeat(100)}...`)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Novo registro' })[0]).toHaveAttribute(
      'href',
      '/database/entities/new/t1',
    );
  });

  it('keeps the chosen columns per table for the browser session', async () => {
    setup([entities]);
    const first = renderApp('/database/entities/t1');
    await screen.findByRole('table', { name: 'Registros' });
    await first.user.click(screen.getByRole('button', { name: 'Colunas' }));
    await first.user.click(await screen.findByRole('checkbox', { name: 'Notas' }));
    await first.user.click(screen.getByRole('checkbox', { name: 'Idade' }));
    const table = screen.getByRole('table', { name: 'Registros' });
    expect(within(table).getByRole('columnheader', { name: 'Notas' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Idade' })).not.toBeInTheDocument();
    expect(within(table).getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
    first.unmount();

    renderApp('/database/entities/t1');
    const again = await screen.findByRole('table', { name: 'Registros' });
    expect(within(again).getByRole('columnheader', { name: 'Notas' })).toBeInTheDocument();
    expect(within(again).queryByRole('columnheader', { name: 'Idade' })).not.toBeInTheDocument();
  });

  it('filters numbers typed as Brazilians type them and points out one that is not', async () => {
    const api = setup([entities]);
    const { user } = renderApp('/database/entities/t1?showPerPage=50&page=1');
    await screen.findByRole('table', { name: 'Registros' });
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const form = screen.getByRole('form', { name: 'Filtros' });
    await user.type(within(form).getByRole('textbox', { name: 'Saldo: De' }), '1.234,56');
    await user.type(within(form).getByRole('textbox', { name: 'Idade: Até' }), 'dez');
    const before = api.callsTo('GET', '/api/v1/db/entities').length;
    await user.click(within(form).getByRole('button', { name: 'Filtrar' }));
    expect(within(form).getByText(messages.generic.invalidNumber)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/v1/db/entities')).toHaveLength(before);

    await user.clear(within(form).getByRole('textbox', { name: 'Idade: Até' }));
    await user.type(within(form).getByRole('textbox', { name: 'Idade: Até' }), '1.000');
    await user.click(within(form).getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(filterOf(api.callsTo('GET', '/api/v1/db/entities').at(-1)).fields).toEqual({
        saldo: { from: 1234.56 },
        idade: { to: 1000 },
      }),
    );
  });

  it('filters by field type through the filter JSON in the URL', async () => {
    const api = setup([entities]);
    const { user, router } = renderApp('/database/entities/t1?showPerPage=50&page=1');
    await screen.findByRole('table', { name: 'Registros' });
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const form = screen.getByRole('form', { name: 'Filtros' });
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), ' ana ');
    await user.type(within(form).getByRole('textbox', { name: 'Idade: De' }), '18');
    await user.type(within(form).getByRole('textbox', { name: 'Saldo: Até' }), '10,5');
    await user.click(within(form).getByRole('combobox', { name: 'Ativo' }));
    await user.click(await screen.findByRole('option', { name: 'Não' }));
    await user.click(within(form).getByRole('button', { name: 'Filtrar' }));

    const expected = {
      email: { contains: 'ana' },
      idade: { from: 18 },
      saldo: { to: 10.5 },
      ativo: { equals: false },
    };
    await waitFor(() =>
      expect(
        JSON.parse(new URLSearchParams(router.state.location.search).get('filter') ?? '{}'),
      ).toEqual(expected),
    );
    await waitFor(() =>
      expect(filterOf(api.callsTo('GET', '/api/v1/db/entities').at(-1)).fields).toEqual(expected),
    );
    expect(api.callsTo('GET', '/api/v1/db/entities').at(-1)?.url.searchParams.get('size')).toBe(
      '50',
    );
  });

  it('shows mass delete only with a selection, and asks before removing', async () => {
    const api = setup([
      entities,
      { method: 'DELETE', path: '/api/v1/db/entities/mass', reply: { body: { success: true } } },
    ]);
    const { user } = renderApp('/database/entities/t1');
    const table = await screen.findByRole('table', { name: 'Registros' });
    expect(screen.queryByRole('button', { name: /Remover selecionados/ })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('checkbox', { name: 'Selecionar todos' }));
    await user.click(screen.getByRole('button', { name: 'Remover selecionados (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover registros' });
    expect(
      within(dialog).getByText(
        'Tem certeza que deseja remover os 2 itens selecionados? Esta ação não poderá ser desfeita.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('DELETE', '/api/v1/db/entities/mass')).toHaveLength(0);

    await user.click(within(table).getByRole('checkbox', { name: 'Selecionar o registro e1' }));
    await user.click(screen.getByRole('button', { name: 'Remover selecionados (1)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remover registros' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    await waitFor(() =>
      expect(api.callsTo('DELETE', '/api/v1/db/entities/mass')[0]?.body).toEqual({ ids: ['e2'] }),
    );
  });

  it('asks before removing one record', async () => {
    const api = setup([
      entities,
      { method: 'DELETE', path: '/api/v1/db/entities/e1', reply: { body: { success: true } } },
    ]);
    const { user } = renderApp('/database/entities/t1');
    const table = await screen.findByRole('table', { name: 'Registros' });
    const row = within(table).getByRole('row', { name: /ana@exemplo/ });
    await user.click(within(row).getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover registro' });
    expect(
      within(dialog).getByText(
        'Tem certeza que deseja remover este item? Esta ação não poderá ser desfeita.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/v1/db/entities/e1')).toHaveLength(1));
  });

  it('exports the filtered rows and chosen columns in the format chosen, Excel (Brasil) first', async () => {
    const api = setup([
      entities,
      {
        method: 'GET',
        path: '/api/v1/db/entities/export/t1/csv',
        reply: {
          body: { data: '\uFEFFE-mail\r\nana@exemplo.com.br\r\n', filename: 'clientes.csv' },
        },
      },
    ]);
    const downloads = catchDownloads();
    const filter = JSON.stringify({ nome: { contains: 'an' } });
    const { user } = renderApp(`/database/entities/t1?filter=${encodeURIComponent(filter)}`);
    await screen.findByRole('table', { name: 'Registros' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Formato')).toBeInTheDocument();
    const choices = within(menu).getAllByRole('menuitem');
    expect(choices.map((item) => item.textContent)).toEqual([
      'Excel (Brasil)Separado por ponto e vírgula, vírgula decimal, Sim/Não e DD/MM/AAAA.',
      'CSV padrãoSeparado por vírgula, ponto decimal, true/false e datas ISO 8601.',
    ]);
    await user.click(choices[0]!);

    await waitFor(() => expect(downloads.names).toEqual(['clientes.csv']));
    const call = api.callsTo('GET', '/api/v1/db/entities/export/t1/csv')[0];
    expect(filterOf(call).fields).toEqual({ nome: { contains: 'an' } });
    expect(call?.url.searchParams.get('columns')).toBe(
      'email,nome,idade,saldo,ativo,nascimento,visto_em',
    );
    expect(call?.url.searchParams.get('format')).toBe('excel');

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await user.click(await screen.findByRole('menuitem', { name: /CSV padrão/ }));
    await waitFor(() => expect(downloads.names).toHaveLength(2));
    const standard = api.callsTo('GET', '/api/v1/db/entities/export/t1/csv')[1];
    expect(standard?.url.searchParams.get('format')).toBe('csv');
  });

  it('streams the file once the total reaches the cap', async () => {
    const api = setup([
      {
        method: 'GET',
        path: '/api/v1/db/entities',
        reply: { body: { items: [ana], total: 10_000 } },
      },
      {
        method: 'GET',
        path: '/api/v1/db/entities/export/t1/csv',
        reply: { body: 'E-mail' },
      },
    ]);
    const downloads = catchDownloads();
    const { user } = renderApp('/database/entities/t1');
    await screen.findByRole('table', { name: 'Registros' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await user.click(await screen.findByRole('menuitem', { name: /CSV padrão/ }));

    await waitFor(() => expect(downloads.names).toEqual(['Clientes Ativos.csv']));
    const call = api.callsTo('GET', '/api/v1/db/entities/export/t1/csv')[0];
    expect(call?.url.searchParams.get('download')).toBe('1');
    expect(call?.url.searchParams.get('format')).toBe('csv');
    expect(call?.headers.Authorization).toMatch(/^Bearer /);
  });
});

describe('dispositionFileName', () => {
  it('reads the UTF-8 name first, then the plain one', () => {
    expect(
      dispositionFileName(
        `attachment; filename="clientes.csv"; filename*=UTF-8''cl%C3%ADentes.csv`,
      ),
    ).toBe('clíentes.csv');
    expect(dispositionFileName('attachment; filename="clientes-2026.csv"')).toBe(
      'clientes-2026.csv',
    );
    expect(dispositionFileName(null)).toBeNull();
  });
});
