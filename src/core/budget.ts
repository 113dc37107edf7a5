// A time budget shared by several pieces of work done one after the other (the post step's search, aborts
// and GitHub reports): each piece gets what is left, capped, and a signal that fires when the whole
// budget is spent, so that no piece can take the time of those after it, or all of it.
import type { Clock } from '../time.ts';

export class Budget {
  /** Epoch ms on `clock`. */
  readonly deadline: number;
  readonly totalMs: number;
  readonly #clock: Clock;
  readonly #spent = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(clock: Clock, totalMs: number) {
    this.#clock = clock;
    this.totalMs = totalMs;
    this.deadline = clock.now() + totalMs;
    this.#timer = setTimeout(() => this.#spent.abort(new Error('the time budget is spent')), totalMs);
    this.#timer.unref?.();
  }

  /** Ms left, never below 0. */
  left(): number {
    return Math.max(0, this.deadline - this.#clock.now());
  }

  get spent(): boolean {
    return this.#spent.signal.aborted || this.left() === 0;
  }

  /**
   * Bounds for one call or piece of work: at most `capMs`, and never past what is left once `reserveMs`
   * is kept for the work after it.
   */
  slice(capMs: number, reserveMs = 0): { signal: AbortSignal; deadline: number; ms: number } {
    const ms = Math.max(1, Math.min(capMs, this.left() - reserveMs));
    return {
      ms,
      deadline: this.#clock.now() + ms,
      signal: AbortSignal.any([this.#spent.signal, AbortSignal.timeout(ms)]),
    };
  }

  dispose(): void {
    clearTimeout(this.#timer);
  }
}
