// Whether a download is too slow to go on: the bytes that came over the last window of time spent waiting
// for bytes, against a floor. Only the waiting counts: while the consumer holds a chunk (a disk that is
// slow, a queue for the shared budget), the server is not to blame, and the clock of the meter stops.

export class Throughput {
  readonly #minBytesPerSecond: number;
  readonly #windowMs: number;
  /** Waiting time (ms) before the current wait, and when the current wait began. */
  #waited = 0;
  #since: number | undefined;
  #bytes = 0;
  /** (waiting time, bytes so far) at each check, oldest first; the first is at or before one window ago. */
  #samples: Array<{ at: number; bytes: number }> = [];

  constructor(minBytesPerSecond: number, windowMs: number) {
    this.#minBytesPerSecond = minBytesPerSecond;
    this.#windowMs = windowMs;
  }

  /** The download begins: the first window starts now. */
  start(): void {
    this.#waited = 0;
    this.#since = undefined;
    this.#bytes = 0;
    this.#samples = [{ at: 0, bytes: 0 }];
  }

  /** The download waits for bytes from now on. */
  waiting(now: number): void {
    this.#since ??= now;
  }

  /** `bytes` came at `now`, and the consumer has them: the waiting stops until `waiting` again. */
  got(bytes: number, now: number): void {
    this.#waited = this.#elapsed(now);
    this.#since = undefined;
    this.#bytes += bytes;
  }

  /** Whether the bytes of the last whole window came slower than the floor. */
  tooSlow(now: number): boolean {
    const at = this.#elapsed(now);
    const samples = this.#samples;
    if (samples.length === 0) return false;
    if (samples.at(-1)!.at < at) samples.push({ at, bytes: this.#bytes });
    // The base is the newest sample at or before one window ago.
    while (samples.length > 1 && samples[1]!.at <= at - this.#windowMs) samples.shift();
    const base = samples[0]!;
    const span = at - base.at;
    if (span < this.#windowMs) return false;
    return (this.#bytes - base.bytes) * 1000 < this.#minBytesPerSecond * span;
  }

  #elapsed(now: number): number {
    return this.#waited + (this.#since !== undefined ? Math.max(0, now - this.#since) : 0);
  }
}
