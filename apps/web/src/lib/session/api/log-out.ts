import { apiRequest } from '../../api/api-client';

/**
 * POST /account/v1/logout: ends the session of `token` on the server (the token is refused from
 * then on and its live sockets close). Sent with the token given, so a 401 never signs out here.
 */
export async function logOut(token: string, signal?: AbortSignal): Promise<void> {
  await apiRequest('/account/v1/logout', {
    method: 'POST',
    token,
    silent: true,
    ...(signal ? { signal } : {}),
  });
}
