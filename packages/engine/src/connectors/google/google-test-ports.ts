import { createFakePorts } from '../../testing/fake-ports';

/** Fake ports holding one Google (OAuth2) account whose token is `ya29.token-google`. */
export function googlePorts() {
  const ports = createFakePorts();
  ports.accounts.google = {
    _id: 'google',
    name: 'Google da loja',
    type: 'google_oauth2',
    data: { access_token: 'ya29.token-google' },
  };
  return ports;
}

/** Google's error body (https://cloud.google.com/apis/design/errors#http_mapping). */
export const googleErrorBody = (code: number, status: string, reason: string, message: string) => ({
  error: { code, message, status, errors: [{ reason, message, domain: 'global' }] },
});

export const testLookup = {
  accountId: 'google',
  scope: { workspaceId: 'ws-1', flowId: '', executionId: '' },
  signal: new AbortController().signal,
};
