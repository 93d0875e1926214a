import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SecurityEvent } from '@ponte/shared/security-log.schema';
import { mockFetch, type RecordedCall } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { storeTestSession, testUser, testWorkspace } from '../../test/session-fixtures';

const events: SecurityEvent[] = [
  {
    _id: '3',
    kind: 'cross_workspace_denied',
    user: { _id: 'u1', name: 'Bruno Lima', email: 'bruno@exemplo.com.br' },
    resource: 'flow:abc',
    detail: 'Pedido a GET /api/v1/flows/:id: o recurso pertence a outro workspace.',
    created_at: '2026-03-10T15:00:00.000Z',
  },
  {
    _id: '2',
    kind: 'sandbox_killed',
    user: null,
    resource: 'flow:def',
    detail: 'O código excedeu o tempo limite de 30 s. (conector n1, execução e1)',
    created_at: '2026-03-10T14:00:00.000Z',
  },
];

function securityLog(total = events.length) {
  return {
    method: 'GET',
    path: '/account/v1/security-log',
    reply: (call: RecordedCall) => ({
      body: {
        items: call.url.searchParams.get('kind') === 'throttled' ? [] : events,
        total: call.url.searchParams.get('kind') === 'throttled' ? 0 : total,
      },
    }),
  };
}

describe('security log page', () => {
  it('is linked from the account panel for the owner', () => {
    storeTestSession({ user: { ...testUser, is_owner: true } });
    mockFetch([]);
    renderApp('/conta');
    expect(screen.getByRole('link', { name: /Segurança/ })).toHaveAttribute(
      'href',
      '/conta/seguranca',
    );
  });

  it('lists the events newest first with pt-BR kinds, user, resource and detail', async () => {
    storeTestSession({ user: { ...testUser, is_owner: true } });
    mockFetch([securityLog()]);
    renderApp('/conta/seguranca');
    const table = await screen.findByRole('table', { name: 'Registro de segurança' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Quando', 'Tipo', 'Usuário', 'Recurso', 'Detalhe']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('10/03/2026 12:00:00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Acesso negado a outro workspace')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Bruno Lima')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('flow:abc')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Código interrompido pelo sandbox')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('—')).toBeInTheDocument();
  });

  it('filters by kind and shows the empty state', async () => {
    storeTestSession({ user: { ...testUser, is_owner: true } });
    const api = mockFetch([securityLog()]);
    const { user, router } = renderApp('/conta/seguranca');
    await screen.findByRole('table', { name: 'Registro de segurança' });
    await user.click(screen.getByLabelText('Filtrar por tipo', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Limite de requisições atingido' }));
    expect(await screen.findByText('Nenhum evento de segurança registrado.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tipo=throttled');
    const last = api.callsTo('GET', '/account/v1/security-log').at(-1)!;
    expect(last.url.searchParams.get('kind')).toBe('throttled');
  });

  it('pages through the events', async () => {
    storeTestSession({ user: { ...testUser, is_owner: true } });
    const api = mockFetch([securityLog(45)]);
    const { user } = renderApp('/conta/seguranca');
    await screen.findByRole('table', { name: 'Registro de segurança' });
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/account/v1/security-log').at(-1)!.url.searchParams.get('page'),
      ).toBe('2'),
    );
  });

  it('tells someone whose role does not read it why, without asking the server', () => {
    storeTestSession({ workspace: { ...testWorkspace, role: 'editor' } });
    const api = mockFetch([securityLog()]);
    renderApp('/conta/seguranca');
    expect(
      screen.getByText('Seu papel (Editor) não permite ver o registro de segurança.'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/account/v1/security-log')).toEqual([]);
  });
});
