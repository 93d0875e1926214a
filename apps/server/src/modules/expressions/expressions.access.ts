import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const expressionsAccess = {
  'POST /engine/expressions/preview': 'flows.write',
} as const satisfies AccessTable;
