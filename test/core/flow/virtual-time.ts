// Time for in-process flow tests: a clock that only moves when the code under test sleeps, and
// events scheduled at a virtual moment (a signal, a server-side change) that fire as time passes.
import type { Clock, Sleep } from '../../../src/time.ts';

const EPOCH = Date.UTC(2026, 0, 5, 9, 0, 0);

export class VirtualTime {
  #now = EPOCH;
  readonly #events: Array<{ at: number; fire: () => void }> = [];
  readonly clock: Clock = { now: () => this.#now };

  readonly sleep: Sleep = async (ms, signal) => {
    if (signal?.aborted) throw signal.reason;
    const until = this.#now + Math.max(0, ms);
    for (;;) {
      const next = this.#takeDue(until);
      if (!next) break;
      this.#now = Math.max(this.#now, next.at);
      next.fire();
      if (signal?.aborted) throw signal.reason;
    }
    this.#now = until;
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw signal.reason;
  };

  /** Runs `fire` when virtual time reaches `afterMs` from now. */
  at(afterMs: number, fire: () => void): void {
    this.#events.push({ at: this.#now + afterMs, fire });
  }

  get now(): number {
    return this.#now;
  }

  #takeDue(until: number) {
    let best = -1;
    this.#events.forEach((event, index) => {
      if (event.at <= until && (best < 0 || event.at < this.#events[best]!.at)) best = index;
    });
    return best < 0 ? undefined : this.#events.splice(best, 1)[0];
  }
}
