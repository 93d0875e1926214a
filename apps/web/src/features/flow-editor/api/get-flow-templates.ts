import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { flowTemplateListSchema } from '@ponte/shared/flow-templates.schema';
import type { FlowTemplateList } from '@ponte/shared/flow-templates.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';
import { flowTemplatesQueryKey } from './flow-templates-query-key';

export interface FlowTemplatesParams {
  page: number;
  query: string;
  /** '' for every tag. */
  tag: string;
}

/** GET /account/v1/flow-templates: one page of 100, sorted by name (a plain list, no total). */
export function getFlowTemplates({
  page,
  query,
  tag,
}: FlowTemplatesParams): Promise<FlowTemplateList> {
  return apiRequest('/account/v1/flow-templates', {
    query: { page, limit: limits.templateGalleryPageSize, query, tag },
    schema: flowTemplateListSchema,
  });
}

export function getFlowTemplatesQueryOptions(params: FlowTemplatesParams) {
  return queryOptions({
    queryKey: [...flowTemplatesQueryKey, 'list', params],
    queryFn: () => getFlowTemplates(params),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useFlowTemplates(params: FlowTemplatesParams) {
  return useQuery(getFlowTemplatesQueryOptions(params));
}
