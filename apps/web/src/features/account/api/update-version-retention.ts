import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  versionRetentionSchema,
  type VersionRetentionSetting,
} from '@ponte/shared/versions.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { versionRetentionQueryKey } from './get-version-retention';

/** PUT /api/v1/workspaces/current/version-retention (the owner only); both null: every version. */
export function updateVersionRetention(
  body: VersionRetentionSetting,
): Promise<VersionRetentionSetting> {
  return apiRequest('/api/v1/workspaces/current/version-retention', {
    method: 'PUT',
    body,
    schema: versionRetentionSchema,
  });
}

export function useUpdateVersionRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVersionRetention,
    onSuccess: (saved) => queryClient.setQueryData(versionRetentionQueryKey, saved),
  });
}
