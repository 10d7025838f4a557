/**
 * The read's value, or undefined when it failed or took longer than `ms`: a health check or a
 * scrape answers in time whatever PostgreSQL or Redis does.
 */
export function withinTimeout<T>(read: Promise<T>, ms = 2_000): Promise<T | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref());
  return Promise.race([read.catch(() => undefined), timeout]);
}
