import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Member } from '@ponte/shared/members.schema';
import type { Role } from '@ponte/shared/roles';
import { mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { storeTestSession, testWorkspace } from '../../test/session-fixtures';

const people: Member[] = [
  {
    _id: 'u1',
    name: 'Ana Souza',
    email: 'ana@exemplo.com.br',
    role: 'owner',
    groups: null,
    joined_at: '2026-03-01T12:00:00.000Z',
    is_you: true,
  },
  {
    _id: 'u2',
    name: 'Bruno Lima',
    email: 'bruno@exemplo.com.br',
    role: 'operator',
    groups: null,
    joined_at: '2026-11-02T12:00:00.000Z',
    is_you: false,
  },
];

const at = '2026-11-01T12:00:00.000Z';

function open(role: Role, { byEmail = false } = {}) {
  storeTestSession({ workspace: { ...testWorkspace, role } });
  let items = people;
  let invitations: unknown[] = [];
  const api = mockFetch([
    {
      method: 'GET',
      path: '/api/v1/members/invitations',
      reply: () => ({ body: { items: invitations, by_email: byEmail } }),
    },
    {
      method: 'POST',
      path: '/api/v1/members/invitations',
      reply: ({ body }) => {
        const created = {
          _id: 'i1',
          role: (body as { role: Role }).role,
          created_by: { _id: 'u1', name: 'Ana Souza' },
          created_at: '2026-11-30T12:00:00.000Z',
          expires_at: '2026-12-07T12:00:00.000Z',
          email: (body as { email?: string }).email ?? null,
          groups: (body as { groups?: string[] }).groups ?? null,
        };
        invitations = [created];
        return { status: 201, body: { ...created, link: 'http://localhost/convite/abc123' } };
      },
    },
    {
      method: 'DELETE',
      path: '/api/v1/members/invitations/i1',
      reply: () => {
        invitations = [];
        return { status: 204 };
      },
    },
    { method: 'GET', path: '/api/v1/members', reply: () => ({ body: { items } }) },
    {
      method: 'POST',
      path: '/account/v1/users',
      reply: () => ({ status: 201, body: { _id: 'u3', name: 'Eva', email: 'eva@exemplo.com.br' } }),
    },
    {
      method: 'GET',
      path: '/api/v1/groups',
      reply: () => ({
        body: {
          items: [
            { _id: 'g1', name: 'Vendas', created_at: at, updated_at: at },
            { _id: 'g2', name: 'Financeiro', created_at: at, updated_at: at },
          ],
          total: 2,
        },
      }),
    },
    {
      method: 'PUT',
      path: '/api/v1/members/u2',
      reply: ({ body }) => {
        const { role, groups } = body as { role: Role; groups?: string[] | null };
        items = items.map((m) =>
          m._id === 'u2' ? { ...m, role, ...(groups === undefined ? {} : { groups }) } : m,
        );
        return { body: items[1] };
      },
    },
    {
      method: 'DELETE',
      path: '/api/v1/members/u2',
      reply: () => {
        items = items.filter((m) => m._id !== 'u2');
        return { status: 204 };
      },
    },
  ]);
  return { api, ...renderApp('/conta/usuarios') };
}

describe('/conta/usuarios: members and roles', () => {
  it('creates an invitation link with a role, shows it once, and revokes it', async () => {
    const { api, user } = open('owner');
    const panel = await screen.findByRole('region', { name: 'Convidar por link' });
    await user.click(within(panel).getByRole('combobox', { name: 'Papel do convidado' }));
    await user.click(await screen.findByRole('option', { name: 'Operador' }));
    await user.click(within(panel).getByRole('button', { name: 'Criar link de convite' }));
    expect(await within(panel).findByLabelText('Link')).toHaveTextContent(
      'http://localhost/convite/abc123',
    );
    expect(api.callsTo('POST', '/api/v1/members/invitations')[0]?.body).toEqual({
      role: 'operator',
      expires_in_days: 7,
    });
    await user.click(within(panel).getByRole('button', { name: 'Concluir' }));
    expect(within(panel).queryByText('http://localhost/convite/abc123')).toBeNull();
    const table = await within(panel).findByRole('table', { name: 'Convites abertos' });
    expect(within(table).getByText('Operador')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Revogar' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE', '/api/v1/members/invitations/i1')).toHaveLength(1),
    );
  });

  it("lets the owner change a member's role and remove them after confirming", async () => {
    const { api, user } = open('owner');
    const row = (await screen.findByText('Bruno Lima')).closest('tr')!;
    expect(within(row).getByText('02/11/2026')).toBeInTheDocument();
    await user.click(within(row).getByRole('combobox', { name: 'Papel de Bruno Lima' }));
    await user.click(await screen.findByRole('option', { name: 'Editor' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/v1/members/u2')[0]?.body).toEqual({ role: 'editor' }),
    );
    expect(await screen.findByText('Papel alterado. Bruno Lima: Editor.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover membro' });
    expect(dialog).toHaveTextContent('as sessões dele aqui terminam na hora');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/v1/members/u2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Bruno Lima')).not.toBeInTheDocument());
  });

  it('limits a member to some groups, and invites a person into one (docs/adr/0109)', async () => {
    const { api, user } = open('owner');
    const row = (await screen.findByText('Bruno Lima')).closest('tr')!;
    // The owner reaches every group, and nothing is offered to change that.
    const owner = screen.getByText('Ana Souza').closest('tr')!;
    expect(within(owner).getByText('Todos os grupos')).toBeInTheDocument();
    await user.click(
      await within(row).findByRole('button', { name: 'Grupos de Bruno Lima: Todos os grupos' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Grupos de Bruno Lima' });
    expect(dialog).toHaveTextContent('as sessões da pessoa neste workspace terminam na hora');
    await user.click(within(dialog).getByRole('combobox', { name: 'Grupos' }));
    await user.click(await screen.findByRole('option', { name: 'Vendas' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/v1/members/u2')[0]?.body).toEqual({
        role: 'operator',
        groups: ['g1'],
      }),
    );
    expect(
      await within(row).findByRole('button', { name: 'Grupos de Bruno Lima: Vendas' }),
    ).toBeInTheDocument();

    const panel = screen.getByRole('region', { name: 'Convidar por link' });
    await user.click(within(panel).getByRole('combobox', { name: 'Grupos' }));
    await user.click(await screen.findByRole('option', { name: 'Financeiro' }));
    await user.click(within(panel).getByRole('button', { name: 'Criar link de convite' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/members/invitations')[0]?.body).toEqual({
        role: 'editor',
        expires_in_days: 7,
        groups: ['g2'],
      }),
    );
  });

  it('adds a person with a password, limited to a group', async () => {
    const { api, user } = open('owner');
    const form = (await screen.findByRole('heading', { name: 'Adicionar pessoa' })).closest(
      'form',
    )!;
    await user.type(within(form).getByLabelText('Nome'), 'Eva Souza');
    await user.type(within(form).getByLabelText('E-mail'), 'eva@exemplo.com.br');
    await user.type(within(form).getByLabelText('Senha inicial'), 'senha-da-eva-1');
    await user.click(within(form).getByRole('combobox', { name: 'Grupos' }));
    await user.click(await screen.findByRole('option', { name: 'Vendas' }));
    await user.click(within(form).getByRole('button', { name: 'Adicionar usuário' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/account/v1/users')[0]?.body).toEqual({
        name: 'Eva Souza',
        email: 'eva@exemplo.com.br',
        password: 'senha-da-eva-1',
        role: 'editor',
        groups: ['g1'],
      }),
    );
  });

  it('shows a Leitor who is here and with which role, with nothing to change', async () => {
    open('viewer');
    const row = (await screen.findByText('Bruno Lima')).closest('tr')!;
    expect(within(row).getByText('Operador')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Papel de/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('Seu papel (Leitor) não permite gerenciar membros.'),
    ).toBeInTheDocument();
  });

  it('never offers an Administrador to touch an owner or make one', async () => {
    const { user } = open('admin');
    const owner = (await screen.findByText('Ana Souza')).closest('tr')!;
    expect(within(owner).getByText('Proprietário')).toBeInTheDocument();
    expect(within(owner).queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
    const row = screen.getByText('Bruno Lima').closest('tr')!;
    await user.click(within(row).getByRole('combobox', { name: 'Papel de Bruno Lima' }));
    expect(await screen.findByRole('option', { name: 'Administrador' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Proprietário' })).not.toBeInTheDocument();
  });

  it('offers neither removal nor another role beside the last owner', async () => {
    const { user } = open('owner');
    const owner = (await screen.findByText('Ana Souza')).closest('tr')!;
    expect(within(owner).getByText('Proprietário')).toBeInTheDocument();
    expect(within(owner).queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
    expect(
      within(owner).queryByRole('combobox', { name: 'Papel de Ana Souza' }),
    ).not.toBeInTheDocument();
    await user.hover(within(owner).getByText('Proprietário'));
    expect(
      await screen.findByText('O workspace precisa de pelo menos um proprietário.'),
    ).toBeInTheDocument();
    const row = screen.getByText('Bruno Lima').closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Remover' })).toBeInTheDocument();
  });

  it('sends the invitation by e-mail when the instance SMTP is there, and shows the link once', async () => {
    const { api, user } = open('owner', { byEmail: true });
    const panel = await screen.findByRole('region', { name: 'Convidar por link' });
    await user.click(await within(panel).findByRole('checkbox', { name: 'Enviar por e-mail' }));
    const address = within(panel).getByRole('textbox', { name: 'E-mail do convidado' });
    await user.type(address, 'nao-e-email');
    await user.click(within(panel).getByRole('button', { name: 'Enviar convite' }));
    expect(await within(panel).findByText('Informe um e-mail válido.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/members/invitations')).toHaveLength(0);

    await user.clear(address);
    await user.type(address, 'Carla@Exemplo.com.br');
    await user.click(within(panel).getByRole('button', { name: 'Enviar convite' }));
    expect(
      await screen.findByText('Convite enviado para carla@exemplo.com.br.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/members/invitations')[0]?.body).toEqual({
      role: 'editor',
      expires_in_days: 7,
      email: 'carla@exemplo.com.br',
    });
    expect(within(panel).getByLabelText('Link')).toHaveTextContent(
      'http://localhost/convite/abc123',
    );
    await user.click(within(panel).getByRole('button', { name: 'Concluir' }));
    const table = await within(panel).findByRole('table', { name: 'Convites abertos' });
    expect(within(table).getByText('carla@exemplo.com.br')).toBeInTheDocument();
  });

  it('offers the e-mail disabled, with the reason, without the instance SMTP', async () => {
    const { user } = open('owner');
    const panel = await screen.findByRole('region', { name: 'Convidar por link' });
    const option = await within(panel).findByRole('checkbox', { name: 'Enviar por e-mail' });
    await waitFor(() => expect(option).toBeDisabled());
    await user.hover(option.closest('div')!.parentElement!);
    expect(
      await screen.findByText(
        'O envio por e-mail precisa do servidor SMTP da instância (PONTE_SMTP_URL), que não está configurado.',
      ),
    ).toBeInTheDocument();
  });
});
