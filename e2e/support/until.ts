/** Polls `check` until it gives a value (20 s unless told), for what the server does in the background. */
export async function until<T>(
  check: () => Promise<T | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Esperou demais por: ${what}`);
}
