/**
 * Whether `work` settled within `ms` (a failure counts as settled). Closing a connection to a
 * server that went away would otherwise wait for it forever.
 */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work.then(
        () => true as const,
        () => true as const,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
