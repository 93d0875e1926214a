import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEvent } from '@ponte/shared/audit.schema';
import { mockFetch, type RecordedCall } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { storeTestSession, testWorkspace } from '../../test/session-fixtures';

const base = {
  user: null,
  api_key: null,
  actor_name: '',
  ip: null,
  resource_kind: '',
  resource_id: '',
  resource_name: '',
  resource: '',
  detail: '',
  changes: [],
} satisfies Partial<AuditEvent>;

const events: AuditEvent[] = [
  {
    ...base,
    _id: '3',
    category: 'change',
    action: 'update',
    user: { _id: 'u1', name: 'Bruno Lima', email: 'bruno@exemplo.com.br' },
    api_key: { _id: 'k1', name: 'Integração do ERP' },
    actor_name: 'Integração do ERP',
    ip: '203.0.113.9',
    resource_kind: 'flows',
    resource_id: 'f1',
    resource_name: 'Pedidos',
    changes: [{ field: 'name', before: 'Pedidos', after: 'Pedidos do ERP' }],
    created_at: '2026-03-10T15:00:00.000Z',
  },
  {
    ...base,
    _id: '2',
    category: 'security',
    action: 'sandbox_killed',
    resource: 'flow:def',
    detail: 'O código excedeu o tempo limite de 30 s.',
    created_at: '2026-03-10T14:00:00.000Z',
  },
];

function auditLog(total = events.length) {
  return {
    method: 'GET',
    path: '/api/v1/audit',
    reply: (call: RecordedCall) => {
      const filtered = call.url.searchParams.get('category') === 'security';
      return { body: { items: filtered ? [] : events, total: filtered ? 0 : total } };
    },
  };
}
const members = {
  method: 'GET',
  path: '/api/v1/members',
  reply: () => ({ body: { items: [] } }),
};

describe('audit log page', () => {
  it('is linked from the account panel, and the old security address leads to it', async () => {
    storeTestSession();
    mockFetch([auditLog(), members]);
    const { router } = renderApp('/conta');
    expect(screen.getByRole('link', { name: /Auditoria/ })).toHaveAttribute(
      'href',
      '/conta/auditoria',
    );
    await router.navigate('/conta/seguranca');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/auditoria'));
    expect(router.state.location.search).toBe('?categoria=security');
  });

  it('shows who (a key and its creator, with the address), the action, the resource and what changed', async () => {
    storeTestSession();
    mockFetch([auditLog(), members]);
    renderApp('/conta/auditoria');
    const table = await screen.findByRole('table', { name: 'Auditoria' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Quando', 'Quem', 'Ação', 'Recurso', 'Detalhes']);
    const [change, security] = within(table).getAllByRole('row').slice(1);
    expect(within(change!).getByText('10/03/2026 12:00:00')).toBeInTheDocument();
    expect(within(change!).getByText('Token de API "Integração do ERP"')).toBeInTheDocument();
    expect(within(change!).getByText('criado por Bruno Lima')).toBeInTheDocument();
    expect(within(change!).getByText('IP 203.0.113.9')).toBeInTheDocument();
    expect(within(change!).getByText('Alterou')).toBeInTheDocument();
    expect(within(change!).getByText('Flow')).toBeInTheDocument();
    expect(change).toHaveTextContent('name: Pedidos → Pedidos do ERP');
    expect(within(security!).getByText('Código interrompido pelo sandbox')).toBeInTheDocument();
    expect(within(security!).getByText('flow:def')).toBeInTheDocument();
  });

  it('filters by category and period in the address and the query, and shows the empty state', async () => {
    storeTestSession();
    const api = mockFetch([auditLog(), members]);
    const { user, router } = renderApp('/conta/auditoria?de=2026-03-01');
    await screen.findByRole('table', { name: 'Auditoria' });
    await user.click(screen.getByLabelText('Categoria', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Segurança' }));
    expect(
      await screen.findByText('Nenhum evento registrado com estes filtros.'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?de=2026-03-01&categoria=security');
    const last = api.callsTo('GET', '/api/v1/audit').at(-1)!;
    expect(last.url.searchParams.get('category')).toBe('security');
    expect(last.url.searchParams.get('from')).toBe('2026-03-01');
  });

  it('takes the period typed as DD/MM/AAAA, and refuses a day that does not exist', async () => {
    storeTestSession();
    const api = mockFetch([auditLog(), members]);
    const { user, router } = renderApp('/conta/auditoria');
    await screen.findByRole('table', { name: 'Auditoria' });
    const from = screen.getByLabelText('De');
    await user.type(from, '01032026');
    expect(from).toHaveValue('01/03/2026');
    await waitFor(() => expect(router.state.location.search).toBe('?de=2026-03-01'));
    expect(api.callsTo('GET', '/api/v1/audit').at(-1)!.url.searchParams.get('from')).toBe(
      '2026-03-01',
    );
    await user.type(screen.getByLabelText('Até'), '31022026');
    expect(await screen.findByText('Data inválida: use DD/MM/AAAA.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?de=2026-03-01');
  });

  it('exports the filtered log as CSV', async () => {
    storeTestSession();
    const api = mockFetch([
      auditLog(),
      members,
      {
        method: 'GET',
        path: '/api/v1/audit/export',
        reply: () => ({ body: 'Data e hora;Categoria' }),
      },
    ]);
    const { user } = renderApp('/conta/auditoria?area=flows');
    await screen.findByRole('table', { name: 'Auditoria' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/audit/export')).toHaveLength(1));
    const call = api.callsTo('GET', '/api/v1/audit/export')[0]!;
    expect(call.url.searchParams.get('resource_kind')).toBe('flows');
  });

  it('tells someone whose role does not read it why, without asking the server', () => {
    storeTestSession({ workspace: { ...testWorkspace, role: 'editor' } });
    const api = mockFetch([auditLog(), members]);
    renderApp('/conta/auditoria');
    expect(
      screen.getByText('Seu papel (Editor) não permite ver o registro de auditoria.'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/v1/audit')).toEqual([]);
  });
});
