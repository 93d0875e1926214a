type Truthy<T> = Exclude<T, false | undefined | null | 0 | ''>;

/** Polls `check` every 10 ms until it gives a truthy value, for at most ten seconds. */
export async function until<T>(check: () => T | Promise<T>, what: string): Promise<Truthy<T>> {
  for (let turn = 0; turn < 1000; turn++) {
    const value = await check();
    if (value) return value as Truthy<T>;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Esperou demais por: ${what}`);
}
