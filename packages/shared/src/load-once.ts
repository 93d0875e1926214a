/**
 * A module loaded on its first use instead of at start (docs/adr/0127): the first call starts
 * the `import()`, every later call awaits the same promise. A failed import is not kept, so
 * the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
