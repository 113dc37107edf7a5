// The caps on what one step's archive writes, counted before each write so they hold while streaming:
// `artifacts-max-size` for the step, and the shared `artifacts-max-total` budget.
import type { ByteBudget } from './byte-budget.ts';

/** A step's archive passed a cap while streaming. */
export class TooLarge extends Error {
  override name = 'TooLarge';
}

export class StepCaps {
  /** Bytes counted so far. */
  bytes = 0;
  /** Bytes taken from the shared budget, to give back if what was written is removed. */
  taken = 0;
  readonly #maxBytes: number;
  readonly #budget: ByteBudget | undefined;

  constructor(maxBytes: number, budget: ByteBudget | undefined) {
    this.#maxBytes = maxBytes;
    this.#budget = budget;
  }

  /** Counts `bytes` about to be written; throws TooLarge, taking nothing, when a cap would be passed. */
  take(bytes: number): void {
    if (this.bytes + bytes > this.#maxBytes) {
      throw new TooLarge(
        `it is larger than artifacts-max-size (${this.#maxBytes.toLocaleString('en-US')} bytes)`,
      );
    }
    const budget = this.#budget;
    if (budget !== undefined) {
      if (!budget.take(bytes)) {
        throw new TooLarge(
          `the step's artifacts are larger than artifacts-max-total (${budget.limit.toLocaleString('en-US')} bytes)`,
        );
      }
      this.taken += bytes;
    }
    this.bytes += bytes;
  }

  /** Gives back to the shared budget what was taken: what was written is gone again. */
  giveBack(): void {
    this.#budget?.give(this.taken);
    this.taken = 0;
  }
}
