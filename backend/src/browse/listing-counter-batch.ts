/** What is counted per listing: views of its page and reveals of its seller's contact. */
export interface ListingCounts {
  views: number;
  contactReveals: number;
}

/** Writes counts to add to listing_counter, one row per listing. */
export type CounterWrite = (added: ReadonlyMap<string, ListingCounts>) => Promise<void>;

/**
 * Views and contact reveals already judged new (once a day per visitor, in Redis), added up in
 * memory and written to listing_counter by one statement every `intervalMs`: a crawler opening
 * every listing costs a write every few seconds, not a write (and a commit) per page. A count
 * being written still counts as pending until the write is done, so nobody sees it dip; a write
 * that fails is added back and tried again with the next batch.
 */
export class ListingCounterBatch {
  private pending = new Map<string, ListingCounts>();
  private writing = new Map<string, ListingCounts>();
  private timer?: NodeJS.Timeout;
  /** Stopped at shutdown: no timer is armed again, or a write that fails there would retry forever and hold the process. */
  private stopped = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: CounterWrite,
    private readonly intervalMs: number,
    private readonly onWriteFailed: (error: Error) => void,
  ) {}

  add(listingId: string, what: keyof ListingCounts): void {
    const counts = this.pending.get(listingId) ?? { views: 0, contactReveals: 0 };
    counts[what]++;
    this.pending.set(listingId, counts);
    this.writeLater();
  }

  /** Counts of the listing not yet in listing_counter. */
  unwritten(listingId: string): ListingCounts {
    const pending = this.pending.get(listingId);
    const writing = this.writing.get(listingId);
    return {
      views: (pending?.views ?? 0) + (writing?.views ?? 0),
      contactReveals: (pending?.contactReveals ?? 0) + (writing?.contactReveals ?? 0),
    };
  }

  /** Writes what is pending now (after any write under way); answers when it is written or failed. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    if (!this.pending.size) return;
    this.writing = this.pending;
    this.pending = new Map();
    try {
      await this.write(this.writing);
    } catch (error) {
      this.onWriteFailed(error as Error);
      for (const [listingId, counts] of this.writing) {
        const pending = this.pending.get(listingId) ?? { views: 0, contactReveals: 0 };
        this.pending.set(listingId, { views: pending.views + counts.views, contactReveals: pending.contactReveals + counts.contactReveals });
      }
      this.writeLater();
    } finally {
      this.writing = new Map();
    }
  }

  /** Stops the timer for good; what is pending stays until flush(). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private writeLater(): void {
    if (!this.stopped) this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }
}
