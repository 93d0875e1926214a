import { useSyncExternalStore } from 'react';
import { loadingStore } from './loading-store';
import classes from './loading-bar.module.css';

/** Thin bar at the top of the page while any non-silent API call is in flight. */
export function LoadingBar() {
  const inFlight = useSyncExternalStore(loadingStore.subscribe, loadingStore.getSnapshot);
  if (inFlight === 0) return null;
  return <div className={classes.bar} role="progressbar" aria-label="Carregando" />;
}
