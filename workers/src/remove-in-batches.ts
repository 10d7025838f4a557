/**
 * A clean-up's run: `removeBatch` removes up to `batch` of what is due (each batch its own
 * transaction) and is called again until a call removes fewer. Answers how many in all.
 */
export async function removeInBatches(batch: number, removeBatch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await removeBatch(batch);
    total += removed;
    if (removed < batch) return total;
  }
}
