import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import { ServiceAccountsPage } from './service-accounts-page';
import { listReply, smtp } from './test-fixtures';

function setup(routes: MockRoute[]) {
  storeTestSession();
  return mockFetch([
    ...routes,
    { method: 'GET', path: '/api/v1/service-accounts', reply: listReply([smtp]) },
  ]);
}

async function askRemoval(user: ReturnType<typeof renderWithProviders>['user']) {
  const table = await screen.findByRole('table', { name: 'Contas de serviço' });
  const row = within(table).getByRole('row', { name: /SMTP do financeiro/ });
  await user.click(within(row).getByRole('button', { name: 'Remover' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remover conta de serviço' });
  expect(dialog).toHaveTextContent('Tem certeza que deseja remover esta conta de serviço?');
  await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
}

const inUse: MockRoute = {
  method: 'DELETE',
  path: '/api/v1/service-accounts/sa1',
  reply: (call) =>
    call.url.searchParams.get('confirm') === 'true'
      ? { status: 204 }
      : {
          status: 409,
          body: {
            statusCode: 409,
            code: 'service_account_in_use',
            message: 'Esta conta de serviço é usada pelos flows: A, B.',
            details: {
              flows: [
                { _id: 'f1', name: 'Cobrança' },
                { _id: 'f2', name: 'Boletos' },
              ],
            },
          },
        },
};

describe('removing a service account', () => {
  it('asks once and removes an account no flow uses', async () => {
    const api = setup([
      { method: 'DELETE', path: '/api/v1/service-accounts/sa1', reply: { status: 204 } },
    ]);
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    await askRemoval(user);
    expect(await screen.findByText('Conta de serviço removida com sucesso')).toBeInTheDocument();
    const calls = api.callsTo('DELETE', '/api/v1/service-accounts/sa1');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.search).toBe('');
  });

  it('names the flows that use it and asks again before removing it anyway', async () => {
    const api = setup([inUse]);
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    await askRemoval(user);
    const second = await screen.findByRole('dialog', { name: 'Conta de serviço em uso' });
    expect(second).toHaveTextContent(
      'Esta conta de serviço é usada pelos flows: Cobrança, Boletos. Removê-la fará esses flows falharem. Deseja remover mesmo assim?',
    );
    await user.click(within(second).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Conta de serviço removida com sucesso')).toBeInTheDocument();
    const calls = api.callsTo('DELETE', '/api/v1/service-accounts/sa1');
    expect(calls.map((call) => call.url.search)).toEqual(['', '?confirm=true']);
  });

  it('keeps the account when the second question is declined', async () => {
    const api = setup([inUse]);
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    await askRemoval(user);
    const second = await screen.findByRole('dialog', { name: 'Conta de serviço em uso' });
    await user.click(within(second).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE', '/api/v1/service-accounts/sa1')).toHaveLength(1);
  });

  it('reports a failed removal', async () => {
    setup([
      {
        method: 'DELETE',
        path: '/api/v1/service-accounts/sa1',
        reply: apiError(500, 'Erro interno.'),
      },
    ]);
    const { user } = renderWithProviders(<ServiceAccountsPage />);
    await askRemoval(user);
    expect(
      await screen.findByText('Ocorreu um erro ao remover a conta de serviço'),
    ).toBeInTheDocument();
  });
});
