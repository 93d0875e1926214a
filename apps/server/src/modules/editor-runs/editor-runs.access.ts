import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const editorRunsAccess = {
  'POST /engine/flow/editor-run/:flowId': 'flows.write',
  'GET /engine/flow/last-trigger-message/:flowId/:nodeUid': 'flows.read',
} as const satisfies AccessTable;
