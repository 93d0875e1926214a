import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  versionRetentionSchema,
  type VersionRetentionSetting,
} from '@ponte/shared/versions.schema';
import { apiRequest } from '../../../lib/api/api-client';

export const versionRetentionQueryKey = ['workspace', 'version-retention'] as const;

/** GET /api/v1/workspaces/current/version-retention: how long the workspace keeps versions. */
export function getVersionRetention(): Promise<VersionRetentionSetting> {
  return apiRequest('/api/v1/workspaces/current/version-retention', {
    schema: versionRetentionSchema,
  });
}

export function useVersionRetention() {
  return useQuery(
    queryOptions({ queryKey: versionRetentionQueryKey, queryFn: getVersionRetention }),
  );
}
