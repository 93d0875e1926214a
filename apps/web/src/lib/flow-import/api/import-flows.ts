import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  flowImportCreatedSchema,
  flowImportPreviewSchema,
  type FlowImportCreated,
  type FlowImportPreview,
  type FlowImportSource,
} from '@ponte/shared/flow-import.schema';
import { apiRequest } from '../../api/api-client';
import { flowsQueryKey } from '../../flows/flows-query-key';

/** POST /api/v1/flows/import-from with `dry_run`: the flows and their reports, nothing created. */
export function previewFlowImport(
  source: FlowImportSource,
  document: unknown,
): Promise<FlowImportPreview> {
  return apiRequest('/api/v1/flows/import-from', {
    method: 'POST',
    body: { source, document, dry_run: true },
    schema: flowImportPreviewSchema,
  });
}

export interface FlowImportRequest {
  source: FlowImportSource;
  document: unknown;
  /** The service account picked for each credential key. */
  accounts: Record<string, string>;
  group: string | null;
}

/** POST /api/v1/flows/import-from: every flow of the file created disabled, or none. */
export function importFlows(request: FlowImportRequest): Promise<FlowImportCreated> {
  return apiRequest('/api/v1/flows/import-from', {
    method: 'POST',
    body: request,
    schema: flowImportCreatedSchema,
  });
}

export function useImportFlows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFlows,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...flowsQueryKey, 'list'] }),
  });
}
