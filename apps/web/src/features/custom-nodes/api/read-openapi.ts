import { useMutation } from '@tanstack/react-query';
import {
  openApiSummarySchema,
  type OpenApiSource,
  type OpenApiSummary,
} from '@ponte/shared/custom-nodes-openapi.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** POST /api/v1/custom-nodes/openapi/read: the document's title, servers and operations. */
export const useReadOpenApi = () =>
  useMutation({
    mutationFn: (source: OpenApiSource): Promise<OpenApiSummary> =>
      apiRequest('/api/v1/custom-nodes/openapi/read', {
        method: 'POST',
        body: source,
        schema: openApiSummarySchema,
      }),
  });
