import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { expectDenied, signInAs } from '../../test/role-fixtures';
import { consultaCep, listOf, setup } from './test-fixtures';

describe('custom connectors by role (docs/adr/0106)', () => {
  it('lets a Leitor export a connector but not create, edit, duplicate or remove one', async () => {
    setup([{ method: 'GET', path: '/api/v1/custom-nodes', reply: listOf([consultaCep]) }]);
    signInAs('viewer');
    const { user } = renderApp('/custom-nodes');
    const table = await screen.findByRole('table', { name: 'Conectores' });
    const [create] = screen.getAllByRole('button', { name: 'Novo conector' });
    await expectDenied(user, create!, 'viewer', 'customNodes.write');
    const row = within(table).getByRole('row', { name: /Consulta CEP/ });
    expect(within(row).getByRole('button', { name: 'Exportar' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Editar' }),
      'viewer',
      'customNodes.write',
    );
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Duplicar' }),
      'viewer',
      'customNodes.write',
    );
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Remover' }),
      'viewer',
      'customNodes.write',
    );
  });
});
