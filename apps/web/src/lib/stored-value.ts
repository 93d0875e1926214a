type Listener = () => void;

export interface StoredValue<T> {
  readonly key: string;
  get(): T | null;
  set(value: T): void;
  remove(): void;
  subscribe(listener: Listener): () => void;
}

/**
 * One localStorage key, read through `parse` and observable by React
 * (`useSyncExternalStore`). The parsed value is cached per raw text so snapshots are stable,
 * and changes made in other tabs are picked up through the `storage` event.
 */
export function createStoredValue<T>(
  key: string,
  parse: (raw: string) => T | null,
  serialize: (value: T) => string,
): StoredValue<T> {
  const listeners = new Set<Listener>();
  let cachedRaw: string | null = null;
  let cachedValue: T | null = null;

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) emit();
  };

  return {
    key,
    get() {
      const raw = window.localStorage.getItem(key);
      if (raw !== cachedRaw) {
        cachedRaw = raw;
        cachedValue = raw === null ? null : parse(raw);
      }
      return cachedValue;
    },
    set(value) {
      window.localStorage.setItem(key, serialize(value));
      emit();
    },
    remove() {
      window.localStorage.removeItem(key);
      emit();
    },
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export function parseJson<T>(validate: (value: unknown) => T | null) {
  return (raw: string): T | null => {
    try {
      return validate(JSON.parse(raw));
    } catch {
      return null;
    }
  };
}
