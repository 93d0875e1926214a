import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import { OAuth2CallbackPage } from './oauth2-callback-page';

/** base64url of the UTF-8 JSON, as the server packs it. */
const base64Url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function open(query: string, routes: MockRoute[] = []) {
  storeTestSession();
  const api = mockFetch(routes);
  const view = renderWithProviders(<OAuth2CallbackPage />, {
    path: `/oauth2/callback${query}`,
    pattern: '/oauth2/callback',
    extraPaths: ['/service-accounts'],
  });
  return { api, ...view };
}

const tokenRoute = (id: string, reply: MockRoute['reply'] = { body: {} }): MockRoute => ({
  method: 'PUT',
  path: `/api/v1/service-accounts/${id}/oauth2/token`,
  reply,
});

async function endsOnList() {
  expect(await screen.findByText('Página /service-accounts')).toBeInTheDocument();
}

describe('/oauth2/callback', () => {
  it('finalises with the id from the data and goes back to the list', async () => {
    const data = base64Url({ service_account_id: 'sa9', code: 'c0de', extra: 'é' });
    const { api } = open(`?data=${data}&state=sa1_r4nd0m`, [tokenRoute('sa9')]);
    expect(await screen.findByText('Conta autorizada com sucesso!')).toBeInTheDocument();
    await endsOnList();
    expect(api.callsTo('PUT', '/api/v1/service-accounts/sa9/oauth2/token')[0]?.body).toEqual({
      service_account_id: 'sa9',
      code: 'c0de',
      extra: 'é',
      state: 'sa1_r4nd0m',
      grant_type: 'authorization_code',
    });
  });

  it("sends Trello's token from the address fragment with the data", async () => {
    const data = base64Url({ service_account_id: 'sa3' });
    const { api } = open(`?data=${data}&state=sa3_x#token=tr3ll0`, [tokenRoute('sa3')]);
    expect(await screen.findByText('Conta autorizada com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/v1/service-accounts/sa3/oauth2/token')[0]?.body).toEqual({
      service_account_id: 'sa3',
      token: 'tr3ll0',
      state: 'sa3_x',
      grant_type: 'authorization_code',
    });
  });

  it('takes the id from the state before the first underscore, reading plain base64', async () => {
    const data = btoa(JSON.stringify({ code: 'xyz' }));
    const { api } = open(`?data=${encodeURIComponent(data)}&state=sa7_a_b`, [tokenRoute('sa7')]);
    expect(await screen.findByText('Conta autorizada com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/v1/service-accounts/sa7/oauth2/token')[0]?.body).toEqual({
      code: 'xyz',
      state: 'sa7_a_b',
      grant_type: 'authorization_code',
    });
  });

  it("shows the server's reason when it refuses", async () => {
    const message = 'A autorização expirou ou já foi usada. Clique em "Autorizar conta" de novo.';
    open(`?data=${base64Url({ code: 'c' })}&state=sa1_x`, [
      tokenRoute('sa1', apiError(400, message)),
    ]);
    expect(await screen.findByText(`Erro ao autorizar conta: ${message}`)).toBeInTheDocument();
    await endsOnList();
  });

  it.each([
    ['without data', '?state=sa1_x'],
    ['without state', `?data=${base64Url({ code: 'c' })}`],
    ['with data that is not base64 JSON', '?data=%25%25nada&state=sa1_x'],
    ['with base64 of something not JSON', `?data=${btoa('não é json')}&state=sa1_x`],
  ])('refuses a return %s without calling the server', async (_, query) => {
    const { api } = open(query);
    expect(
      await screen.findByText('Erro ao autorizar conta: Dados de retorno inválidos'),
    ).toBeInTheDocument();
    await endsOnList();
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0));
  });
});
