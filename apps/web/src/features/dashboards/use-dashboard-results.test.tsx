import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ViewPeriod, Widget } from '@ponte/shared/dashboards.schema';
import { useDashboardResults } from './use-dashboard-results';
import { setupView, widgets } from './view-test-fixtures';

const today: ViewPeriod = { periodType: 'today', start_date: null, end_date: null };

function mount(initial: Widget[]) {
  const api = setupView();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    (props: { shown: Widget[]; period: ViewPeriod }) =>
      useDashboardResults(props.shown, props.period, 'd1'),
    { wrapper, initialProps: { shown: initial, period: today } },
  );
  const sent = () => api.callsTo('POST', '/api/v1/dashboards/query').length;
  return { hook, sent };
}

describe('useDashboardResults', () => {
  it('does not ask again when a widget only moves on the grid', async () => {
    const { hook, sent } = mount([widgets.count, widgets.time]);
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    expect(hook.result.current.results['widget-count']).toEqual({ kind: 'value', value: 12345 });

    // Same query key: the results stay current (a new key would be loading at once).
    hook.rerender({ shown: [{ ...widgets.count, x: 8, y: 3 }, widgets.time], period: today });
    expect(hook.result.current.loading).toBe(false);
    expect(hook.result.current.refreshing).toBe(false);
    expect(sent()).toBe(1);
  });

  it("asks again when a widget's settings or the period change", async () => {
    const { hook, sent } = mount([widgets.count]);
    await waitFor(() => expect(hook.result.current.loading).toBe(false));

    const changed = { ...widgets.count, config: { ...widgets.count.config, status: 'error' } };
    hook.rerender({ shown: [changed as Widget], period: today });
    await waitFor(() => expect(sent()).toBe(2));
    hook.rerender({
      shown: [changed as Widget],
      period: { periodType: '30_day', start_date: null, end_date: null },
    });
    await waitFor(() => expect(sent()).toBe(3));
  });

  it('asks nothing for text widgets alone', () => {
    const { hook, sent } = mount([widgets.html]);
    expect(hook.result.current.loading).toBe(false);
    expect(hook.result.current.results['widget-html']).toEqual({ kind: 'none' });
    hook.result.current.refresh();
    expect(hook.result.current.refreshing).toBe(false);
    expect(sent()).toBe(0);
  });
});
