import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106): who may create a flow. */
export const flowImportAccess = {
  'POST /api/v1/flows/import-from': 'flows.write',
} as const satisfies AccessTable;
