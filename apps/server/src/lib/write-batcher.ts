/**
 * Group commit for a hot write: a batch is written once the current event-loop turn ends, so
 * the calls of every request handled in that turn go together, and calls made while a batch
 * is being written go in the next one. At low load a call waits only for the end of its turn;
 * under load many calls share one statement. (The embedded database runs a statement without
 * yielding, so without the wait no other call could ever join.) Each call resolves with its
 * own result once its batch is written, or rejects with the batch's error.
 */
export function createWriteBatcher<T, R>(write: (items: T[]) => Promise<R[]>, maxBatch = 500) {
  let queued: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let writing = false;

  const drain = async () => {
    writing = true;
    while (queued.length) {
      const batch = queued.slice(0, maxBatch);
      queued = queued.slice(batch.length);
      try {
        const results = await write(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    writing = false;
  };

  return (item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queued.push({ item, resolve, reject });
      if (!writing) {
        writing = true;
        setImmediate(() => void drain());
      }
    });
}
