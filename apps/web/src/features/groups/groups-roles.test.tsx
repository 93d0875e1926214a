import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { messages } from '@ponte/shared/messages';
import { expectDenied, signInAs } from '../../test/role-fixtures';
import { storeTestSession, testWorkspace } from '../../test/session-fixtures';

const vendas = { _id: 'g1', name: 'Vendas', created_at: '', updated_at: '' };

function setup() {
  return mockFetch([
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [vendas], total: 1 } } },
    { method: 'GET', path: '/api/v1/groups/g1', reply: { body: vendas } },
    {
      method: 'GET',
      path: '/account/v1/config',
      reply: { body: { docs_url: null, support_url: null } },
    },
  ]);
}

describe('groups by role (docs/adr/0106)', () => {
  it("shows a Leitor the groups with 'Criar grupo', editing and removing disabled", async () => {
    setup();
    signInAs('viewer');
    const { user } = renderApp('/groups');
    const table = await screen.findByRole('table', { name: 'Grupos' });
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Criar grupo' }),
      'viewer',
      'groups.write',
    );
    const row = within(table).getByRole('row', { name: /Vendas/ });
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Editar' }),
      'viewer',
      'groups.write',
    );
    await expectDenied(
      user,
      within(row).getByRole('button', { name: 'Remover' }),
      'viewer',
      'groups.write',
    );
  });

  it('does not let a Leitor who opens the form save it, and says why', async () => {
    const api = setup();
    signInAs('viewer');
    const { user } = renderApp('/groups/edit/g1');
    const save = await screen.findByRole('button', { name: 'Salvar' });
    await expectDenied(user, save, 'viewer', 'groups.write');
    await user.click(save);
    expect(api.callsTo('PUT', '/api/v1/groups/g1')).toHaveLength(0);
  });

  it('shows an Editor limited to some groups that managing groups is for admins (docs/adr/0109)', async () => {
    setup();
    storeTestSession({ workspace: { ...testWorkspace, role: 'editor', groups: ['g1'] } });
    const { user } = renderApp('/groups');
    await screen.findByRole('table', { name: 'Grupos' });
    const create = screen.getByRole('button', { name: 'Criar grupo' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    await user.hover(create);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(messages.groupAccess.cannotManage);
  });
});
