import { queryOptions, useQuery } from '@tanstack/react-query';
import { flowTemplateTagListSchema } from '@ponte/shared/flow-templates.schema';
import type { FlowTemplateTag } from '@ponte/shared/flow-templates.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { flowTemplatesQueryKey } from './flow-templates-query-key';

/** GET /account/v1/flow-templates/tags: every tag with its number of templates. */
export function getFlowTemplateTags(): Promise<FlowTemplateTag[]> {
  return apiRequest('/account/v1/flow-templates/tags', { schema: flowTemplateTagListSchema });
}

export function getFlowTemplateTagsQueryOptions() {
  return queryOptions({
    queryKey: [...flowTemplatesQueryKey, 'tags'],
    queryFn: getFlowTemplateTags,
    staleTime: 5 * 60_000,
  });
}

export function useFlowTemplateTags() {
  return useQuery(getFlowTemplateTagsQueryOptions());
}
