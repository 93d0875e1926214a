import { useMutation } from '@tanstack/react-query';
import { customNodeTestResultSchema } from '@ponte/shared/custom-nodes.schema';
import type { CustomNodeTestBody, CustomNodeTestResult } from '@ponte/shared/custom-nodes.schema';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * POST /api/v1/custom-nodes/test: runs the handler as the editor holds it (not saved) with a
 * sample message and param values, in the same sandbox as flows. Nothing is stored.
 */
export function testCustomNode(body: CustomNodeTestBody): Promise<CustomNodeTestResult> {
  return apiRequest('/api/v1/custom-nodes/test', {
    method: 'POST',
    body,
    schema: customNodeTestResultSchema,
  });
}

export const useTestCustomNode = () => useMutation({ mutationFn: testCustomNode });
