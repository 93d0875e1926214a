import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';

/** POST /engine/stop-execution: asks the engine to stop one running execution. */
export function stopExecution(executionId: string): Promise<unknown> {
  return apiRequest('/engine/stop-execution', {
    method: 'POST',
    body: { execution_id: executionId },
  });
}

export function useStopExecution() {
  return useMutation({ mutationFn: stopExecution });
}
