import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { expectDenied, signInAs } from '../../test/role-fixtures';
import { ana, bruno, clientes, setup } from './test-fixtures';

const tables = {
  method: 'GET',
  path: '/api/v1/db/tables',
  reply: { body: { items: [clientes], total: 1 } },
};
const entities = {
  method: 'GET',
  path: '/api/v1/db/entities',
  reply: { body: { items: [ana, bruno], total: 2 } },
};

// Roles (docs/adr/0106): an Operador edits records but not a table's structure; a Leitor reads.
describe('database tables by role', () => {
  it("offers a Operador the records but not the table's structure", async () => {
    setup([tables, entities]);
    signInAs('operator');
    const { user } = renderApp('/database/tables');
    const list = await screen.findByRole('table', { name: 'Tabelas' });
    const row = within(list).getByRole('row', { name: /Clientes Ativos/ });
    expect(within(row).getByRole('link', { name: 'Registros' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Exportar' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Criar tabela' }),
      'operator',
      'tables.write',
    );
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Editar' }),
      'operator',
      'tables.write',
    );
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Remover' }),
      'operator',
      'tables.write',
    );
    expect(within(row).getByRole('button', { name: 'Duplicar' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await user.click(within(row).getByRole('link', { name: 'Registros' }));
    const records = await screen.findByRole('table', { name: 'Registros' });
    expect(screen.getByRole('link', { name: 'Novo registro' })).toHaveAttribute(
      'href',
      '/database/entities/new/t1',
    );
    expect(within(records).getAllByRole('link', { name: 'Editar' }).length).toBeGreaterThan(0);
  });

  it('shows a Leitor the records with every change disabled and the reason', async () => {
    setup([entities]);
    signInAs('viewer');
    const { user } = renderApp('/database/entities/t1');
    const records = await screen.findByRole('table', { name: 'Registros' });
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Novo registro' }),
      'viewer',
      'records.write',
    );
    const [edit] = within(records).getAllByRole('button', { name: 'Editar' });
    await expectDenied(user, edit!, 'viewer', 'records.write');
    await user.click(within(records).getAllByRole('button', { name: 'Remover' })[0]!);
    expect(screen.queryByRole('dialog', { name: 'Remover registro' })).not.toBeInTheDocument();
  });
});
