import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const formsAccess = {
  'GET /api/v1/forms': 'forms.read',
  'POST /api/v1/forms': 'forms.write',
  'GET /api/v1/forms/:id': 'forms.read',
  'PUT /api/v1/forms/:id': 'forms.write',
  'DELETE /api/v1/forms/:id': 'forms.write',
  'GET /api/v1/forms/:id/versions': 'forms.read',
  'GET /api/v1/forms/:id/versions/:number': 'forms.read',
  'POST /api/v1/forms/:id/versions/:number/restore': 'forms.write',
} as const satisfies AccessTable;
