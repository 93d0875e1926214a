import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { expectDenied, signInAs } from '../../test/role-fixtures';
import { cadastro, listOf, setup } from './test-fixtures';

describe('forms by role (docs/adr/0106)', () => {
  it("shows a Operador the forms with 'Criar formulário', editing and removing disabled", async () => {
    setup([{ method: 'GET', path: '/api/v1/forms', reply: listOf([cadastro]) }]);
    signInAs('operator');
    const { user } = renderApp('/forms');
    const table = await screen.findByRole('table', { name: 'Formulários' });
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Criar formulário' }),
      'operator',
      'forms.write',
    );
    const row = within(table).getByRole('row', { name: /Cadastro de Clientes/ });
    expect(within(row).getByRole('link', { name: 'Visualizar' })).toBeInTheDocument();
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Editar' }),
      'operator',
      'forms.write',
    );
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Remover' }),
      'operator',
      'forms.write',
    );
  });
});
