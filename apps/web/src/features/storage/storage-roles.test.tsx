import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { expectDenied, signInAs } from '../../test/role-fixtures';
import { file, setup } from './test-fixtures';

const list = {
  method: 'GET',
  path: '/api/v1/storage',
  reply: { body: [file('/nov.pdf', 1536)] },
};

describe('storage by role (docs/adr/0106)', () => {
  it('lets a Leitor download but not upload, make folders or delete', async () => {
    setup([list]);
    signInAs('viewer');
    const { user } = renderApp('/storage');
    const table = await screen.findByRole('table', { name: 'Arquivos e pastas' });
    expect(within(table).getByRole('button', { name: 'Baixar nov.pdf' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Upload' }),
      'viewer',
      'storage.write',
    );
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Criar pasta' }),
      'viewer',
      'storage.write',
    );
    const remove = within(table).getByRole('button', { name: 'Excluir nov.pdf' });
    await expectDenied(user, remove, 'viewer', 'storage.write');
    await user.click(remove);
    expect(screen.queryByRole('dialog', { name: 'Excluir arquivo' })).not.toBeInTheDocument();
  });
});
