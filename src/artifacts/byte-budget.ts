// `artifacts-max-total`: one budget of bytes shared by every download of the step, taken while writing.
// What a download took comes back when its folder is removed (too large, failed, cut), so a failed
// download does not use up room that the others need.

export class ByteBudget {
  readonly limit: number;
  #used = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  get used(): number {
    return this.#used;
  }

  /** Takes `bytes` when they fit, else takes nothing and says false. */
  take(bytes: number): boolean {
    if (this.#used + bytes > this.limit) return false;
    this.#used += bytes;
    return true;
  }

  /** Returns bytes taken earlier (a folder that was removed). */
  give(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
  }
}
