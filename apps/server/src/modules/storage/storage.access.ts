import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const storageAccess = {
  'GET /api/v1/storage': 'storage.read',
  'DELETE /api/v1/storage': 'storage.write',
  'GET /api/v1/storage/download': 'storage.read',
  'POST /api/v1/storage/folder': 'storage.write',
  'GET /api/v1/storage/search': 'storage.read',
  'POST /api/v1/storage/upload': 'storage.write',
} as const satisfies AccessTable;
