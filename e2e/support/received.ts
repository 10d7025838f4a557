/** What the fake `name` (see fakes.ts) has received so far, read from the global setup's process. */
export async function received<T>(name: string): Promise<T[]> {
  const response = await fetch(`${process.env.E2E_FAKES_URL}/${name}`);
  if (!response.ok) throw new Error(`No fake named ${name}`);
  return (await response.json()) as T[];
}

/** Waits until `find` picks something out of what the fake `name` received. */
export async function waitForReceived<T, R>(name: string, find: (items: T[]) => R | undefined, timeoutMs = 15_000): Promise<R> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find(await received<T>(name));
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`The ${name} fake did not receive the expected message within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
