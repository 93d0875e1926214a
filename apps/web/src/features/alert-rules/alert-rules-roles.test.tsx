import { describe, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { expectDenied, signInAs } from '../../test/role-fixtures';
import { listOf, pedidos, setup } from './list-test-fixtures';

describe('alert rules by role (docs/adr/0106)', () => {
  it('shows a Operador the rules with creating, editing, duplicating and removing disabled', async () => {
    setup([{ method: 'GET', path: '/api/v1/alert-rules', reply: listOf([pedidos]) }]);
    signInAs('operator');
    const { user } = renderApp('/alert-rules');
    const table = await screen.findByRole('table', { name: 'Regras de alerta' });
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Criar regra de alerta' }),
      'operator',
      'alerts.write',
    );
    const row = within(table).getByRole('row', { name: /Erros de pedidos/ });
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Editar' }),
      'operator',
      'alerts.write',
    );
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Duplicar regra' }),
      'operator',
      'alerts.write',
    );
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Remover' }),
      'operator',
      'alerts.write',
    );
  });
});
