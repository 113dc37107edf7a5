// Virtual time for flows that run side by side (several targets): every sleep is a timer, and the
// clock jumps to the earliest one only once everything else has had its turn, so that two targets
// sleeping at once share one timeline instead of adding their sleeps up.
import type { Clock, Sleep } from '../../../src/time.ts';

const EPOCH = Date.UTC(2026, 0, 5, 9, 0, 0);
// Rounds of the event loop with nothing new before the clock moves: the code under test awaits only
// promises (the fake API answers at once), so a few rounds let every runnable task reach its next sleep.
const IDLE_ROUNDS = 4;

interface Timer {
  at: number;
  order: number;
  fire: () => void;
}

export class ConcurrentTime {
  #now = EPOCH;
  #order = 0;
  #timers: Timer[] = [];
  #pumping = false;
  readonly clock: Clock = { now: () => this.#now };

  readonly sleep: Sleep = (ms, signal) => {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<void>((resolve, reject) => {
      const timer: Timer = {
        at: this.#now + Math.max(0, ms),
        order: this.#order++,
        fire: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.#timers = this.#timers.filter((each) => each !== timer);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#timers.push(timer);
      this.#pump();
    });
  };

  /** Runs `fire` when virtual time reaches `afterMs` from now. */
  at(afterMs: number, fire: () => void): void {
    this.#timers.push({ at: this.#now + afterMs, order: this.#order++, fire });
    this.#pump();
  }

  get now(): number {
    return this.#now;
  }

  #pump(): void {
    if (this.#pumping) return;
    this.#pumping = true;
    void this.#run();
  }

  async #run(): Promise<void> {
    while (this.#timers.length > 0) {
      for (let round = 0; round < IDLE_ROUNDS; round++) await new Promise((resolve) => setImmediate(resolve));
      const next = this.#timers.reduce<Timer | undefined>(
        (best, timer) =>
          !best || timer.at < best.at || (timer.at === best.at && timer.order < best.order) ? timer : best,
        undefined,
      );
      if (!next) break;
      this.#timers = this.#timers.filter((timer) => timer !== next);
      this.#now = Math.max(this.#now, next.at);
      next.fire();
    }
    this.#pumping = false;
  }
}
