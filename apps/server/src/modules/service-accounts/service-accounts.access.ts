import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const serviceAccountsAccess = {
  'POST /account/v1/service-accounts/oauth2/authorize/:id': 'serviceAccounts.write',
  'GET /account/v1/service-accounts/oauth2/return': 'public',
  'GET /api/v1/service-accounts': 'serviceAccounts.read',
  'POST /api/v1/service-accounts': 'serviceAccounts.write',
  'GET /api/v1/service-accounts/:id': 'serviceAccounts.read',
  'PUT /api/v1/service-accounts/:id': 'serviceAccounts.write',
  'DELETE /api/v1/service-accounts/:id': 'serviceAccounts.write',
  'GET /api/v1/service-accounts/:id/oauth2/authorize': 'serviceAccounts.write',
  'GET /api/v1/service-accounts/:id/oauth2/authorize/': 'serviceAccounts.write',
  'PUT /api/v1/service-accounts/:id/oauth2/token': 'serviceAccounts.write',
  'POST /api/v1/service-accounts/:id/test': 'serviceAccounts.write',
  'GET /api/v1/service-accounts/oauth2/apps/:provider': 'serviceAccounts.read',
  'PUT /api/v1/service-accounts/oauth2/apps/:provider': 'serviceAccounts.write',
  'DELETE /api/v1/service-accounts/oauth2/apps/:provider': 'serviceAccounts.write',
  'GET /api/v1/service-accounts/oauth2/providers': 'serviceAccounts.read',
  'GET /api/v1/service-accounts/slack/channels/:id': 'flows.write',
  'GET /api/v1/service-accounts/trello/boards/:id': 'flows.write',
  'GET /api/v1/service-accounts/trello/boards/:id/custom-fields/:boardId': 'flows.write',
  'GET /api/v1/service-accounts/trello/boards/:id/lists/:boardId': 'flows.write',
} as const satisfies AccessTable;
