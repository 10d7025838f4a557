/** What the fake `name` (see fakes.ts) has received so far, read from the global setup's process. */
export async function received<T>(name: string): Promise<T[]> {
  const response = await fetch(`${process.env.E2E_FAKES_URL}/${name}`);
  if (!response.ok) throw new Error(`No fake named ${name}`);
  return (await response.json()) as T[];
}
