import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /engine/stop-execution/restart: stops the workspace's executions and reloads triggers. */
export function restartEngine(): Promise<unknown> {
  return apiRequest('/engine/stop-execution/restart');
}

export function useRestartEngine() {
  return useMutation({ mutationFn: restartEngine });
}
