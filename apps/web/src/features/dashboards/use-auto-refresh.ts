import { useEffect, useRef } from 'react';
import type { AutoRefresh } from './dashboard-view-options';

/**
 * Beyond the spec (docs/adr/0049): calls `refresh` every `every` seconds while the tab is
 * shown. A tick is skipped while a refresh is still on its way (`busy`), and a hidden tab asks
 * nothing: it refreshes once when shown again if a tick passed meanwhile.
 */
export function useAutoRefresh(every: AutoRefresh, refresh: () => void, busy: boolean) {
  const latest = useRef({ refresh, busy });
  useEffect(() => {
    latest.current = { refresh, busy };
  });

  useEffect(() => {
    if (every === 'off') return;
    let missed = false;
    const tick = () => {
      if (document.visibilityState === 'hidden') {
        missed = true;
        return;
      }
      if (!latest.current.busy) latest.current.refresh();
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !missed) return;
      missed = false;
      if (!latest.current.busy) latest.current.refresh();
    };
    const timer = window.setInterval(tick, Number(every) * 1000);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [every]);
}
