import { useCallback, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { viewPeriodSchema } from '@ponte/shared/dashboards.schema';
import type { ViewPeriod } from '@ponte/shared/dashboards.schema';
import { createStoredValue, parseJson } from '../../lib/stored-value';

/** Beyond the spec: the view refreshes itself every 30 s, 1 min or 5 min, or never. */
export const autoRefreshChoices = ['off', '30', '60', '300'] as const;
export type AutoRefresh = (typeof autoRefreshChoices)[number];

/** Spec 2 §3 local session data: the view's last-used options, restored on return. */
export interface DashboardViewOptions extends ViewPeriod {
  autoRefresh: AutoRefresh;
}

export const defaultViewOptions: DashboardViewOptions = {
  periodType: 'today',
  start_date: null,
  end_date: null,
  autoRefresh: 'off',
};

const storedSchema = viewPeriodSchema.extend({
  autoRefresh: z.enum(autoRefreshChoices).catch('off').default('off'),
});

/** A stored value that is not what we wrote (edited by hand, an old version) is ignored. */
function validate(value: unknown): DashboardViewOptions | null {
  const parsed = storedSchema.safeParse(value);
  if (!parsed.success) return null;
  const options = parsed.data;
  if (options.periodType === 'custom' && (!options.start_date || !options.end_date))
    return { ...options, periodType: 'today', start_date: null, end_date: null };
  return {
    periodType: options.periodType,
    start_date: options.start_date ?? null,
    end_date: options.end_date ?? null,
    autoRefresh: options.autoRefresh,
  };
}

export const dashboardViewOptionsStore = createStoredValue<DashboardViewOptions>(
  'dashboard-view-options',
  parseJson(validate),
  (value) => JSON.stringify(value),
);

/** The view's options as last used (the defaults the first time) and their setter. */
export function useDashboardViewOptions() {
  const stored = useSyncExternalStore(
    dashboardViewOptionsStore.subscribe,
    dashboardViewOptionsStore.get,
  );
  const options = stored ?? defaultViewOptions;
  const setOptions = useCallback((patch: Partial<DashboardViewOptions>) => {
    const current = dashboardViewOptionsStore.get() ?? defaultViewOptions;
    dashboardViewOptionsStore.set({ ...current, ...patch });
  }, []);
  return [options, setOptions] as const;
}
