import { HttpStatus } from '@nestjs/common';
import { AppException } from './app.exception';

/**
 * At most `running` tasks at once; the others wait their turn, at most `waiting` of them:
 * beyond that a request is answered 503 at once rather than queued without end. Waiting tasks
 * are served by owner in turn (one of each owner that waits, then the next of each), so one
 * client sending a hundred tasks delays another client's task by one, not by a hundred.
 */
export class ConcurrencyLimit {
  private active = 0;
  private waitingTasks = 0;
  /** Each owner's waiting tasks; the map's order is the order the owners are served in. */
  private readonly queues = new Map<string, Array<() => void>>();

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  async run<T>(task: () => Promise<T>, owner = ''): Promise<T> {
    if (this.active < this.running) this.active++;
    else if (this.waitingTasks < this.waiting) await new Promise<void>((resolve) => this.wait(owner, resolve));
    else throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, 'serviceUnavailable');
    try {
      return await task();
    } finally {
      this.passOn();
    }
  }

  private wait(owner: string, start: () => void): void {
    this.waitingTasks++;
    const queue = this.queues.get(owner);
    if (queue) queue.push(start);
    else this.queues.set(owner, [start]);
  }

  /** The place passes to the first waiting owner's next task, and that owner goes to the back; or it is given back. */
  private passOn(): void {
    const first = this.queues.entries().next();
    if (first.done) {
      this.active--;
      return;
    }
    const [owner, queue] = first.value;
    const start = queue.shift()!;
    this.queues.delete(owner);
    if (queue.length > 0) this.queues.set(owner, queue);
    this.waitingTasks--;
    start();
  }
}

/** Runs tasks of the same key one after another, and tasks of different keys side by side (within one process). */
export class OneAtATimePerKey {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
