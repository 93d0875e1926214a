import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiError, mockFetch } from '../../test/mock-fetch';
import { makeToken, storeTestSession } from '../../test/session-fixtures';
import { loadingStore } from '../loading/loading-store';
import { sessionKeys } from '../session/session-store';
import { onSignOut } from '../session/sign-out';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

describe('api client', () => {
  let unsubscribe: () => void = () => undefined;
  afterEach(() => unsubscribe());

  it('sends the bearer token and JSON, and parses the answer', async () => {
    const token = storeTestSession();
    const api = mockFetch([
      { method: 'POST', path: '/api/v1/groups', reply: { body: { _id: 'g1', extra: true } } },
    ]);
    const result = await apiRequest('/api/v1/groups', {
      method: 'POST',
      body: { name: 'Vendas' },
      schema: z.object({ _id: z.string() }),
    });
    expect(result).toEqual({ _id: 'g1' });
    expect(api.calls[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(api.calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(api.calls[0]?.body).toEqual({ name: 'Vendas' });
  });

  it('sends a FormData body as multipart, leaving the Content-Type to the browser', async () => {
    const token = storeTestSession();
    const api = mockFetch([
      { method: 'POST', path: '/engine/flow/manual-trigger/f1', reply: { body: { ok: true } } },
    ]);
    const form = new FormData();
    form.append('nome', 'Ana');
    form.append('anexo', new File(['conteúdo'], 'nota.txt', { type: 'text/plain' }));

    await expect(
      apiRequest('/engine/flow/manual-trigger/f1', { method: 'POST', body: form }),
    ).resolves.toEqual({ ok: true });

    const call = api.calls[0];
    expect(call?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(call?.headers['Content-Type']).toBeUndefined();
    expect(call?.body).toBe(form);
    expect(api.fetch.mock.calls[0]?.[1]?.body).toBe(form);
  });

  it('turns an error answer into an ApiError with the status and the server message', async () => {
    storeTestSession();
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/variables',
        reply: apiError(400, 'Já existe uma variável com esta chave neste workspace.'),
      },
    ]);
    const failure = apiRequest('/api/v1/variables', { method: 'POST', body: {} });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'Já existe uma variável com esta chave neste workspace.',
    });
  });

  it('keeps the code, the message and the whole body of any error shape', async () => {
    storeTestSession();
    const body = {
      statusCode: 409,
      code: 'service_account_in_use',
      message: 'Esta conta de serviço é usada pelos flows: Cobrança.',
      details: 'um formato que não é lista de campos',
    };
    mockFetch([
      { method: 'DELETE', path: '/api/v1/service-accounts/sa1', reply: { status: 409, body } },
    ]);
    await expect(
      apiRequest('/api/v1/service-accounts/sa1', { method: 'DELETE' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'service_account_in_use',
      message: 'Esta conta de serviço é usada pelos flows: Cobrança.',
      body,
    });
  });

  it.each([401, 403])('signs out on a %i', async (status) => {
    storeTestSession();
    const signedOut = vi.fn();
    unsubscribe = onSignOut(signedOut);
    mockFetch([{ method: 'GET', path: '/api/v1/groups', reply: apiError(status, 'Negado.') }]);

    await expect(apiRequest('/api/v1/groups')).rejects.toMatchObject({ status });

    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(sessionKeys.token)).toBeNull();
    expect(localStorage.getItem(sessionKeys.user)).toBeNull();
  });

  it('keeps the session when the refused token is no longer the stored one', async () => {
    storeTestSession();
    const signedOut = vi.fn();
    unsubscribe = onSignOut(signedOut);
    const renewed = makeToken(Date.now() + 12 * 3_600_000);
    mockFetch([
      {
        method: 'GET',
        path: '/api/v1/groups',
        // Another tab renewed the session while this call was on its way: its token ended.
        reply: () => {
          localStorage.setItem(sessionKeys.token, renewed);
          return apiError(401, 'Sessão inválida ou expirada. Entre novamente.');
        },
      },
    ]);
    await expect(apiRequest('/api/v1/groups')).rejects.toMatchObject({ status: 401 });
    expect(signedOut).not.toHaveBeenCalled();
    expect(localStorage.getItem(sessionKeys.token)).toBe(renewed);

    // A token of the call's own (the hand-off asking who a new token is) never signs out.
    mockFetch([{ method: 'GET', path: '/api/v1/users/me', reply: apiError(401, 'Negado.') }]);
    await expect(apiRequest('/api/v1/users/me', { token: 'outro' })).rejects.toMatchObject({
      status: 401,
    });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('keeps the session when sign-in itself answers 401', async () => {
    const signedOut = vi.fn();
    unsubscribe = onSignOut(signedOut);
    mockFetch([
      {
        method: 'POST',
        path: '/account/v1/authenticate',
        reply: apiError(401, 'E-mail ou senha incorretos.'),
      },
    ]);
    await expect(
      apiRequest('/account/v1/authenticate', {
        method: 'POST',
        body: {},
        keepSessionOnAuthError: true,
      }),
    ).rejects.toMatchObject({ message: 'E-mail ou senha incorretos.' });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('shows the loading indicator while a call is in flight, unless it is silent', async () => {
    mockFetch([{ method: 'GET', path: '/api/v1/groups', reply: { body: {} } }]);
    const seen: number[] = [];
    const stop = loadingStore.subscribe(() => seen.push(loadingStore.getSnapshot()));
    await apiRequest('/api/v1/groups');
    await apiRequest('/api/v1/groups', { silent: true });
    stop();
    expect(seen).toEqual([1, 0]);
  });

  it('reports a network failure in Portuguese', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/v1/groups')).rejects.toMatchObject({
      status: 0,
      message: 'Não foi possível conectar ao servidor. Verifique sua conexão.',
    });
  });
});
