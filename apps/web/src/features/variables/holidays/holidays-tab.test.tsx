import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Holiday } from '@ponte/shared/holidays.schema';
import { apiError, mockFetch } from '../../../test/mock-fetch';
import type { MockRoute } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { expectDenied, signInAs } from '../../../test/role-fixtures';
import { storeTestSession } from '../../../test/session-fixtures';
import { VariablesPage } from '../variables-page';

const holiday = (fields: Partial<Holiday> & Pick<Holiday, '_id' | 'date' | 'name'>): Holiday => ({
  recurring: false,
  workspace: 'w1',
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-01-15T12:34:56Z',
  created_by: 'u1',
  updated_by: 'u1',
  ...fields,
});
const anniversary = holiday({
  _id: 'h1',
  date: '2020-01-25',
  name: 'Aniversário de São Paulo',
  recurring: true,
});
const recess = holiday({ _id: 'h2', date: '2026-12-24', name: 'Recesso de fim de ano' });

function setup(routes: MockRoute[] = [], items: Holiday[] = [anniversary, recess]) {
  storeTestSession();
  return mockFetch([
    ...routes,
    { method: 'GET', path: '/api/v1/holidays', reply: { body: { items, total: items.length } } },
    { method: 'GET', path: '/api/v1/variables', reply: { body: { items: [], total: 0 } } },
  ]);
}

const open = (path = '/variables?aba=feriados') => renderWithProviders(<VariablesPage />, { path });

type User = ReturnType<typeof open>['user'];

async function fillForm(user: User, date: string, name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Novo feriado' });
  await user.type(within(dialog).getByLabelText(/^Data/), date);
  if (name) await user.type(within(dialog).getByLabelText(/^Nome/), name);
  return dialog;
}

describe("/variables, tab 'Feriados'", () => {
  it('opens from the variables tab and lists every holiday with its DD/MM/YYYY date', async () => {
    const api = setup();
    const { user } = open('/variables');
    await user.click(await screen.findByRole('tab', { name: 'Feriados' }));
    const table = await screen.findByRole('table', { name: 'Feriados' });
    expect(api.callsTo('GET', '/api/v1/holidays')[0]?.url.search).toBe('?limit=1000');
    for (const header of ['Data', 'Nome', 'Todo ano']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const first = within(table).getByRole('row', { name: /Aniversário de São Paulo/ });
    expect(within(first).getByText('25/01/2020')).toBeInTheDocument();
    expect(within(first).getByText('Sim')).toBeInTheDocument();
    const second = within(table).getByRole('row', { name: /Recesso/ });
    expect(within(second).getByText('24/12/2026')).toBeInTheDocument();
    expect(within(second).getByText('Não')).toBeInTheDocument();
  });

  it('searches names forgiving case and accents, and says when nothing matches', async () => {
    setup();
    const { user } = open();
    await screen.findByRole('table', { name: 'Feriados' });
    await user.type(screen.getByRole('textbox', { name: 'Buscar feriados' }), 'SAO PAULO');
    await waitFor(() =>
      expect(screen.queryByText('Recesso de fim de ano')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Aniversário de São Paulo')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Buscar feriados' }), ' X');
    expect(
      await screen.findByText('Nenhum feriado encontrado para "SAO PAULO X".'),
    ).toBeInTheDocument();
  });

  it('invites to create the first holiday', async () => {
    setup([], []);
    open();
    expect(await screen.findByText('Nenhum feriado do workspace ainda.')).toBeInTheDocument();
  });

  it('checks the form in pt-BR and sends the typed date as YYYY-MM-DD', async () => {
    const api = setup([{ method: 'POST', path: '/api/v1/holidays', reply: { body: recess } }]);
    const { user } = open();
    await screen.findByRole('table', { name: 'Feriados' });
    await user.click(screen.getByRole('button', { name: 'Criar feriado' }));
    const dialog = await fillForm(user, '31/02/2027', '');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      within(dialog).getByText('Informe uma data válida no formato DD/MM/AAAA.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('O campo "Nome" é obrigatório.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/holidays')).toHaveLength(0);

    const date = within(dialog).getByLabelText(/^Data/);
    await user.clear(date);
    await user.type(date, '20/11/2027');
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Consciência Negra');
    await user.click(within(dialog).getByRole('checkbox', { name: /Todo ano/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Feriado salvo com sucesso')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/holidays')[0]?.body).toEqual({
      date: '2027-11-20',
      name: 'Consciência Negra',
      recurring: true,
      workspace: 'w1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's message for a day already taken and keeps the form open", async () => {
    const message = 'Já existe um feriado nesta data neste workspace.';
    setup([{ method: 'POST', path: '/api/v1/holidays', reply: apiError(400, message) }]);
    const { user } = open();
    await screen.findByRole('table', { name: 'Feriados' });
    await user.click(screen.getByRole('button', { name: 'Criar feriado' }));
    const dialog = await fillForm(user, '24/12/2026', 'Véspera');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Novo feriado' })).toBeInTheDocument();
  });

  it('edits a holiday with its date shown as DD/MM/YYYY', async () => {
    const api = setup([
      { method: 'PUT', path: '/api/v1/holidays/h1', reply: { body: anniversary } },
    ]);
    const { user } = open();
    const row = within(await screen.findByRole('table')).getByRole('row', { name: /Aniversário/ });
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar feriado' });
    expect(within(dialog).getByLabelText(/^Data/)).toHaveValue('25/01/2020');
    expect(within(dialog).getByRole('checkbox', { name: /Todo ano/ })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /Todo ano/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Feriado salvo com sucesso');
    expect(api.callsTo('PUT', '/api/v1/holidays/h1')[0]?.body).toMatchObject({
      date: '2020-01-25',
      name: 'Aniversário de São Paulo',
      recurring: false,
    });
  });

  it("asks before closing a changed form ('Todo ano' included), and closes an unchanged one at once", async () => {
    const api = setup();
    const { user } = open();
    await screen.findByRole('table', { name: 'Feriados' });
    await user.click(screen.getByRole('button', { name: 'Criar feriado' }));
    await fillForm(user, '01/05/2027', 'Emenda');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Sair do editor?' });
    await user.click(within(question).getByRole('button', { name: 'Continuar editando' }));
    const form = screen.getByRole('dialog', { name: 'Novo feriado' });
    expect(within(form).getByLabelText(/^Nome/)).toHaveValue('Emenda');
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sair do editor?' })).getByRole('button', {
        name: 'Sair sem salvar',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/v1/holidays')).toHaveLength(0);

    const row = within(screen.getByRole('table')).getByRole('row', { name: /Recesso/ });
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar feriado' });
    await user.click(within(edit).getByRole('checkbox', { name: /Todo ano/ }));
    await user.keyboard('{Escape}');
    const again = await screen.findByRole('dialog', { name: 'Sair do editor?' });
    await user.click(within(again).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sair do editor?' })).not.toBeInTheDocument(),
    );
    // Unticked back as it was: nothing is unsaved.
    await user.click(within(edit).getByRole('checkbox', { name: /Todo ano/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before removing, naming the holiday, and confirms the removal', async () => {
    const api = setup([{ method: 'DELETE', path: '/api/v1/holidays/h2', reply: { status: 204 } }]);
    const { user } = open();
    const row = within(await screen.findByRole('table')).getByRole('row', { name: /Recesso/ });
    await user.click(within(row).getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deseja realmente remover o feriado?');
    expect(dialog).toHaveTextContent('24/12/2026 — Recesso de fim de ano');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Feriado removido com sucesso')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/holidays/h2')).toHaveLength(1);
  });

  it('imports a CSV saved by Excel in Portuguese (Windows-1252) and says how many came in', async () => {
    const api = setup([
      {
        method: 'POST',
        path: '/api/v1/holidays/import',
        reply: { body: { created: 2, skipped: 1 } },
      },
    ]);
    const { user } = open();
    await screen.findByRole('table', { name: 'Feriados' });
    // 'ç' and 'ã' as Windows-1252 bytes (0xE7, 0xE3): not UTF-8.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('25/01/2020;Funda'),
      0xe7,
      0xe3,
      ...new TextEncoder().encode('o;sim\r\n'),
    ]);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([bytes], 'feriados.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText('2 feriados importados; 1 já existia e foi mantido.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/holidays/import')[0]?.body).toEqual({
      csv: '25/01/2020;Fundação;sim\r\n',
    });
  });

  it("shows the server's reason when the CSV is refused", async () => {
    const message = 'Linha 2: Informe uma data válida no formato DD/MM/AAAA.';
    setup([{ method: 'POST', path: '/api/v1/holidays/import', reply: apiError(400, message) }]);
    const { user } = open();
    await screen.findByRole('table', { name: 'Feriados' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x;y\n31/02/2027;Z'], 'feriados.csv'));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows a Leitor the holidays with creating, importing, editing and removing disabled', async () => {
    setup();
    signInAs('viewer');
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Feriados' });
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Criar feriado' }),
      'viewer',
      'holidays.write',
    );
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Importar CSV' }),
      'viewer',
      'holidays.write',
    );
    await expectDenied(
      user,
      within(table).getAllByRole('button', { name: 'Remover' })[0]!,
      'viewer',
      'holidays.write',
    );
  });
});
