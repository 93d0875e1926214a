import { queryOptions, useQuery } from '@tanstack/react-query';
import { flowTemplateSchema } from '@ponte/shared/flow-templates.schema';
import type { FlowTemplate } from '@ponte/shared/flow-templates.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { flowTemplatesQueryKey } from './flow-templates-query-key';

/** GET /account/v1/flow-template/{id}: the template with its flow document and variables. */
export function getFlowTemplate(id: string): Promise<FlowTemplate> {
  return apiRequest(`/account/v1/flow-template/${encodeURIComponent(id)}`, {
    schema: flowTemplateSchema,
  });
}

export function getFlowTemplateQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...flowTemplatesQueryKey, 'detail', id],
    queryFn: () => getFlowTemplate(id),
    staleTime: 5 * 60_000,
  });
}

export function useFlowTemplate(id: string | undefined) {
  return useQuery({ ...getFlowTemplateQueryOptions(id ?? ''), enabled: Boolean(id) });
}
