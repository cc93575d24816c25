import { AppError } from '../../errors/app-error.js';

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/**
 * A small semaphore with a bounded queue: at most `running` pieces of work at once, at most `waiting`
 * more in line, and anything beyond that is refused at once (503) instead of piling up.
 */
export class WorkSlots {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limits: { running: number; waiting: number }) {}

  get inUse(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.queue.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private async acquire(): Promise<void> {
    if (this.active < this.limits.running) {
      this.active++;
      return;
    }
    if (this.queue.length >= this.limits.waiting) throw new AppError('UNAVAILABLE', BUSY_MESSAGE);
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  /** Hands the slot straight to the next in line, or frees it. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active--;
  }
}
