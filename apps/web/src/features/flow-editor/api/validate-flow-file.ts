import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { flowIssueSchema } from '@ponte/shared/flow/flow-validator';
import { apiRequest } from '../../../lib/api/api-client';

/** The engine's answer: `isValid` is false when the structure cannot be imported. */
export const flowFileValidationSchema = z.object({
  isValid: z.boolean(),
  errors: z.array(flowIssueSchema),
});
export type FlowFileValidation = z.infer<typeof flowFileValidationSchema>;

/** POST /engine/schema-validator/flow-data: an exported file or a bare flow document. */
export function validateFlowFile(file: unknown): Promise<FlowFileValidation> {
  return apiRequest('/engine/schema-validator/flow-data', {
    method: 'POST',
    body: file,
    schema: flowFileValidationSchema,
  });
}

export function useValidateFlowFile() {
  return useMutation({ mutationFn: validateFlowFile });
}
