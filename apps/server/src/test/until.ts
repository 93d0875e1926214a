type Truthy<T> = Exclude<T, false | undefined | null | 0 | ''>;

/**
 * Polls `check` every 10 ms until it gives a truthy value, for at most `timeoutMs / 10` turns
 * (1000 turns, ten seconds at least, unless told).
 */
export async function until<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 10_000,
): Promise<Truthy<T>> {
  for (let turn = 0; turn < timeoutMs / 10; turn++) {
    const value = await check();
    if (value) return value as Truthy<T>;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Esperou demais por: ${what}`);
}
