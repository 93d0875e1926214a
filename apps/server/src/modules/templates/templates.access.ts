import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const templatesAccess = {
  'GET /account/v1/flow-template/:id': 'session',
  'GET /account/v1/flow-templates': 'session',
  'GET /account/v1/flow-templates/tags': 'session',
} as const satisfies AccessTable;
