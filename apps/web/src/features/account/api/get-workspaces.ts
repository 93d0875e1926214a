import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceListSchema } from '@ponte/shared/account.schema';
import type { WorkspaceList } from '@ponte/shared/account.schema';
import { apiRequest } from '../../../lib/api/api-client';

export const workspacesQueryKey = ['account', 'workspaces'] as const;

/** GET /account/v1/workspaces: the workspaces the user belongs to. */
export function getWorkspaces(): Promise<WorkspaceList> {
  return apiRequest('/account/v1/workspaces', { schema: workspaceListSchema });
}

export function getWorkspacesQueryOptions() {
  return queryOptions({ queryKey: workspacesQueryKey, queryFn: getWorkspaces });
}

export function useWorkspaces() {
  return useQuery(getWorkspacesQueryOptions());
}
