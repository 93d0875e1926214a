import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { expectDenied, signInAs } from '../../test/role-fixtures';
import { listOf, operacaoRow, setup } from './list-test-fixtures';

describe('dashboards by role (docs/adr/0106)', () => {
  it('offers a Leitor to view and export a dashboard, never to create, edit or remove one', async () => {
    setup([{ method: 'GET', path: '/api/v1/dashboards', reply: listOf([operacaoRow]) }]);
    signInAs('viewer');
    const { user } = renderApp('/dashboards');
    const table = await screen.findByRole('table', { name: 'Dashboards' });
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Novo dashboard' }),
      'viewer',
      'dashboards.write',
    );
    const row = within(table).getByRole('row', { name: /Operação SP!/ });
    await user.click(within(row).getByRole('button', { name: 'Mais ações' }));
    expect(await screen.findByRole('menuitem', { name: 'Exportar' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Duplicar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Remover' })).not.toBeInTheDocument();
  });
});
