type Listener = () => void;

let inFlight = 0;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/** Counts the API calls in flight that did not opt out of the global loading indicator. */
export const loadingStore = {
  start() {
    inFlight += 1;
    emit();
  },
  stop() {
    inFlight = Math.max(0, inFlight - 1);
    emit();
  },
  getSnapshot(): number {
    return inFlight;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  reset() {
    inFlight = 0;
    emit();
  },
};
