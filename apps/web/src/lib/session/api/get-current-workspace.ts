import { workspaceSchema } from '@ponte/shared/account.schema';
import type { Workspace } from '@ponte/shared/account.schema';
import { apiRequest } from '../../api/api-client';

/** GET /api/v1/workspaces/current */
export function getCurrentWorkspace(options: { silent?: boolean } = {}): Promise<Workspace> {
  return apiRequest('/api/v1/workspaces/current', {
    schema: workspaceSchema,
    silent: options.silent,
  });
}
