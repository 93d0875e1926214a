import type { ListedAccount } from './api/get-service-accounts';

const never = { status: 'unchecked', message: null, checked_at: null } as const;

/** An account as the API lists it, with the fields a test changes. */
export function account(
  overrides: Partial<ListedAccount> & Pick<ListedAccount, '_id' | 'name' | 'auth_type'>,
): ListedAccount {
  return {
    url: null,
    workspace: 'w1',
    updated_at: '2026-01-15T12:00:00Z',
    secrets_set: [],
    health: never,
    flows_count: 0,
    testable: true,
    ...overrides,
  };
}

export const smtp = account({
  _id: 'sa1',
  name: 'SMTP do financeiro',
  auth_type: 'smtp_account',
  secrets_set: ['password'],
  smtp_account: { host: 'smtp.exemplo.com.br', port: 465, username: 'financeiro', secure: true },
  health: { status: 'ok', message: 'Servidor SMTP respondeu.', checked_at: '2026-01-15T12:34:56Z' },
  flows_count: 2,
});

export const bling = account({
  _id: 'sa2',
  name: 'Bling da loja',
  auth_type: 'oauth2',
  secrets_set: ['client_secret'],
  oauth2: { service_type: 'bling_erp_oauth2', client_id: 'abc', grant_type: 'authorization_code' },
});

export const slack = account({
  _id: 'sa3',
  name: 'Slack do suporte',
  auth_type: 'slack_oauth2',
  secrets_set: ['access_token', 'refresh_token'],
  health: {
    status: 'reauthorization_required',
    message: 'O Slack recusou o refresh token.',
    checked_at: '2026-01-16T08:00:00Z',
  },
  testable: false,
});

export const listReply = (items: ListedAccount[]) => ({
  body: { items, total: items.length },
});
