/**
 * A platform's limit as the fakes enforce it: at most `limit` messages in any moving window,
 * counted when they arrive. Answers how long until `count` more would fit (0: they fit now).
 */
export class MovingWindow {
  private readonly arrivals: number[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  waitFor(count: number, now = Date.now()): number {
    this.prune(now);
    const mustLeave = this.arrivals.length + count - this.limit;
    if (mustLeave <= 0) return 0;
    return this.arrivals[mustLeave - 1] + this.windowMs - now;
  }

  record(count: number, now = Date.now()): void {
    for (let n = 0; n < count; n++) this.arrivals.push(now);
  }

  /** Messages within the window now. */
  used(now = Date.now()): number {
    this.prune(now);
    return this.arrivals.length;
  }

  /** When the oldest message in the window leaves it. */
  oldest(now = Date.now()): number | undefined {
    this.prune(now);
    return this.arrivals[0];
  }

  private prune(now: number): void {
    while (this.arrivals.length && this.arrivals[0] <= now - this.windowMs) this.arrivals.shift();
  }
}
