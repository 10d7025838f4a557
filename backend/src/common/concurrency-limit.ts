import { HttpStatus } from '@nestjs/common';
import { AppException } from './app.exception';

/**
 * At most `running` tasks at once; the others wait their turn in order, at most `waiting` of
 * them: beyond that a request is answered 503 at once rather than queued without end.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.running) this.active++;
    else if (this.queue.length < this.waiting) await new Promise<void>((resolve) => this.queue.push(resolve));
    else throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, 'serviceUnavailable');
    try {
      return await task();
    } finally {
      // The place passes to the next waiting task, or is given back.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
