import { queryOptions, useQuery } from '@tanstack/react-query';
import { engineStatusSchema } from '@ponte/shared/monitoring.schema';
import type { z } from 'zod';
import { apiRequest } from '../api/api-client';

export type EngineStatus = z.infer<typeof engineStatusSchema>;

/** Spec 1 §9: the engine status is polled every second. */
export const engineStatusPollMs = 1000;

/** GET /engine/status, without the global loading indicator (it runs every second). */
export function getEngineStatus(): Promise<EngineStatus> {
  return apiRequest('/engine/status', { schema: engineStatusSchema, silent: true });
}

export const engineStatusQueryKey = ['engine', 'status'] as const;

export function getEngineStatusQueryOptions() {
  return queryOptions({
    queryKey: engineStatusQueryKey,
    queryFn: getEngineStatus,
    refetchInterval: engineStatusPollMs,
    retry: false,
  });
}

/** Polls the status every second unless `paused` (while the engine restarts). */
export function useEngineStatus({ paused = false }: { paused?: boolean } = {}) {
  return useQuery({
    ...getEngineStatusQueryOptions(),
    enabled: !paused,
    refetchInterval: paused ? false : engineStatusPollMs,
  });
}

/**
 * PONTE_LGPD_MASK (docs/adr/0122): whether flows that follow the instance store personal data
 * masked; undefined until the status answers. Read once, without polling.
 */
export function useLgpdMaskDefault(): boolean | undefined {
  return useQuery({ ...getEngineStatusQueryOptions(), refetchInterval: false }).data?.lgpd_mask;
}
