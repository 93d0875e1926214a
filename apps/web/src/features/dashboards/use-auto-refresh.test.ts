import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { AutoRefresh } from './dashboard-view-options';
import { useAutoRefresh } from './use-auto-refresh';

let visibility: DocumentVisibilityState = 'visible';
function showTab(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => vi.useRealTimers());

function mount(every: AutoRefresh, busy = false) {
  const refresh = vi.fn();
  const hook = renderHook(
    (props: { every: AutoRefresh; busy: boolean }) =>
      useAutoRefresh(props.every, refresh, props.busy),
    { initialProps: { every, busy } },
  );
  return { refresh, hook };
}

describe('useAutoRefresh', () => {
  it('refreshes at every interval while the tab is shown', () => {
    const { refresh } = mount('30');
    vi.advanceTimersByTime(29_000);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('never refreshes when off', () => {
    const { refresh } = mount('off');
    vi.advanceTimersByTime(600_000);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('does not start a refresh while one is on its way', () => {
    const { refresh, hook } = mount('60', true);
    vi.advanceTimersByTime(60_000);
    expect(refresh).not.toHaveBeenCalled();
    hook.rerender({ every: '60', busy: false });
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while the tab is hidden, and refreshes once when shown again', () => {
    const { refresh } = mount('30');
    showTab('hidden');
    vi.advanceTimersByTime(120_000);
    expect(refresh).not.toHaveBeenCalled();
    showTab('visible');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('follows a new interval', () => {
    const { refresh, hook } = mount('300');
    hook.rerender({ every: '30', busy: false });
    vi.advanceTimersByTime(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
