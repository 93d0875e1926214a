import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { messages } from '@ponte/shared/messages';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { isoToLocalInput } from './record-values';
import { ana, setup } from './test-fixtures';
import { browserWouldAsk, keepEditing, leaveWithoutSaving } from '../../test/leave-question';

const entities = {
  method: 'GET',
  path: '/api/v1/db/entities',
  reply: { body: { items: [], total: 0 } },
};

describe('record editor', () => {
  it('builds the form from the fields by type and validates numbers before sending', async () => {
    const api = setup([
      entities,
      { method: 'POST', path: '/api/v1/db/entities', reply: { status: 201, body: ana } },
    ]);
    const { user, router } = renderApp('/database/entities/new/t1');
    expect(
      await screen.findByRole('heading', { name: 'Novo registro - Clientes Ativos' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^ID:/)).not.toBeInTheDocument();

    // Inputs by type (spec 2 'Record editor'); a boolean starts at its default value.
    expect(screen.getByRole('checkbox', { name: 'Ativo' })).toBeChecked();
    expect(screen.getByLabelText('Nascimento')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Visto em')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByRole('textbox', { name: 'Notas' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Notas' })).toHaveAttribute('rows', '5');
    expect(screen.getByRole('textbox', { name: 'Idade' })).toHaveAttribute('inputmode', 'numeric');

    await user.type(screen.getByRole('textbox', { name: 'Idade' }), '3,5');
    await user.type(screen.getByRole('textbox', { name: 'Saldo' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O campo "E-mail" é obrigatório.')).toBeInTheDocument();
    expect(screen.getByText(messages.records.fieldInteger('Idade'))).toBeInTheDocument();
    expect(screen.getByText(messages.records.fieldFloat('Saldo'))).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/db/entities')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'ana@exemplo.com.br');
    await user.clear(screen.getByRole('textbox', { name: 'Idade' }));
    await user.type(screen.getByRole('textbox', { name: 'Idade' }), '31');
    await user.clear(screen.getByRole('textbox', { name: 'Saldo' }));
    await user.type(screen.getByRole('textbox', { name: 'Saldo' }), '1234,5');
    await user.click(screen.getByRole('checkbox', { name: 'Ativo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Registro salvo com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/database/entities/t1'));
    expect(api.callsTo('POST', '/api/v1/db/entities')[0]?.body).toEqual({
      table: 't1',
      data: {
        email: 'ana@exemplo.com.br',
        nome: null,
        idade: 31,
        saldo: 1234.5,
        ativo: false,
        nascimento: null,
        visto_em: null,
        notas: null,
      },
    });
  });

  it('takes numbers as the list shows them: 1.234,56 and 1.234', async () => {
    const api = setup([
      entities,
      { method: 'POST', path: '/api/v1/db/entities', reply: { status: 201, body: ana } },
    ]);
    const { user } = renderApp('/database/entities/new/t1');
    await user.type(await screen.findByRole('textbox', { name: /E-mail/ }), 'ana@exemplo.com.br');
    await user.type(screen.getByRole('textbox', { name: 'Saldo' }), '1.234,56');
    await user.type(screen.getByRole('textbox', { name: 'Idade' }), '1.234');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Registro salvo com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/db/entities')[0]?.body).toMatchObject({
      data: { saldo: 1234.56, idade: 1234 },
    });
  });

  it('edits a record: shows its ID and the server message after the spec prefix', async () => {
    const api = setup([
      entities,
      {
        method: 'PUT',
        path: '/api/v1/db/entities/e1',
        reply: apiError(409, 'Já existe um registro com este valor no campo "E-mail".'),
      },
    ]);
    const { user } = renderApp('/database/entities/edit/e1');
    expect(
      await screen.findByRole('heading', { name: 'Editar registro - Clientes Ativos' }),
    ).toBeInTheDocument();
    expect(screen.getByText('e1')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('ana@exemplo.com.br');
    expect(screen.getByLabelText('Nascimento')).toHaveValue('1995-04-20');
    // As the list shows it, read back the same way (docs/adr/0077).
    expect(screen.getByRole('textbox', { name: 'Saldo' })).toHaveValue('1.234,5');
    // In the browser's time zone, whatever the machine's.
    const seen = (screen.getByLabelText('Visto em') as HTMLInputElement).value;
    expect(seen.startsWith(isoToLocalInput('2026-01-15T12:34:56.000Z'))).toBe(true);
    expect(new Date(seen).toISOString()).toBe('2026-01-15T12:34:56.000Z');

    await user.clear(screen.getByRole('textbox', { name: 'Nome' }));
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Ana Maria');
    await user.clear(screen.getByRole('textbox', { name: 'Idade' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(
        'Ocorreu um erro ao salvar o registro: Já existe um registro com este valor no campo "E-mail".',
      ),
    ).toBeInTheDocument();
    // Only what the person changed (a cleared field as null): the server keeps the rest,
    // values this form does not show or shows rounded included.
    const body = api.callsTo('PUT', '/api/v1/db/entities/e1')[0]?.body as {
      data: Record<string, unknown>;
    };
    expect(body.data).toEqual({ nome: 'Ana Maria', idade: null });
  });

  it('goes back to the records list', async () => {
    setup([entities]);
    const { user, router } = renderApp('/database/entities/edit/e1');
    await user.click(await screen.findByRole('button', { name: 'Voltar para a lista' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/database/entities/t1'));
  });

  it('asks before "Voltar para a lista" drops a changed record, and the tab close asks too', async () => {
    const api = setup([entities]);
    const { user, router } = renderApp('/database/entities/edit/e1');
    const email = await screen.findByRole('textbox', { name: /E-mail/ });
    await user.type(email, 'x{Backspace}');
    expect(browserWouldAsk()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Saldo' }), '0');
    expect(browserWouldAsk()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Voltar para a lista' }));
    await keepEditing(user);
    expect(screen.getByRole('textbox', { name: 'Saldo' })).toHaveValue('1.234,50');
    await user.click(screen.getByRole('button', { name: 'Voltar para a lista' }));
    await leaveWithoutSaving(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/database/entities/t1'));
    expect(api.callsTo('PUT', '/api/v1/db/entities/e1')).toHaveLength(0);
  });
});
