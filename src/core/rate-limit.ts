// One budget of requests for every target followed at once: at most `max` calls start in any window of
// `windowMs`, whoever makes them. Aborts go ahead of the queue. Once the step is cancelled the budget is
// lifted: following has stopped, and every target's abort races the runner's SIGTERM 7.5 s later, which
// 50 targets' reads, aborts and confirmations could not meet at 10 a second.
import type { Clock, Sleep } from '../time.ts';
import type { CiApi } from './api-port.ts';
import { aroundCalls, type CallName } from './around-calls.ts';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * The most requests a step sends to the CI service per second, all targets together. The window is a
 * little longer than a second because the server counts arrivals: a request on a new connection arrives
 * tens of milliseconds later than one on a warm connection started after it.
 */
export const SHARED_RATE: RateLimit = { max: 10, windowMs: 1100 };

interface Ticket {
  urgent: boolean;
  signal: AbortSignal | undefined;
  start: () => void;
}

export class RateLimiter {
  readonly #limit: RateLimit;
  readonly #clock: Clock;
  readonly #sleep: Sleep;
  readonly #started: number[] = [];
  readonly #queue: Ticket[] = [];
  #pumping = false;
  #lifted = false;

  /** `liftOn`: when it aborts, every waiting call starts and later ones no longer wait. */
  constructor(limit: RateLimit, time: { clock: Clock; sleep: Sleep }, liftOn?: AbortSignal) {
    this.#limit = limit;
    this.#clock = time.clock;
    this.#sleep = time.sleep;
    if (liftOn?.aborted) this.#lifted = true;
    else liftOn?.addEventListener('abort', () => this.#lift(), { once: true });
  }

  /** Resolves when a call may start; rejects with the signal's reason if it aborts first. */
  take(urgent: boolean, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.#lifted) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.#queue.indexOf(ticket);
        if (index >= 0) this.#queue.splice(index, 1);
        reject(signal?.reason as Error);
      };
      const ticket: Ticket = {
        urgent,
        signal,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const firstCalm = urgent ? this.#queue.findIndex((queued) => !queued.urgent) : -1;
      if (firstCalm >= 0) this.#queue.splice(firstCalm, 0, ticket);
      else this.#queue.push(ticket);
      void this.#pump();
    });
  }

  #lift(): void {
    this.#lifted = true;
    for (const ticket of this.#queue.splice(0)) {
      if (!ticket.signal?.aborted) ticket.start();
    }
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#queue.length > 0 && !this.#lifted) {
        const now = this.#clock.now();
        while (this.#started.length > 0 && this.#started[0]! <= now - this.#limit.windowMs) {
          this.#started.shift();
        }
        if (this.#started.length < this.#limit.max) {
          this.#started.push(now);
          this.#queue.shift()!.start();
          continue;
        }
        await this.#sleep(this.#started[0]! + this.#limit.windowMs - now);
      }
    } finally {
      this.#pumping = false;
    }
  }
}

const URGENT: ReadonlySet<CallName> = new Set(['abortRun', 'abortBuild']);

/** The API port with every call waiting its turn at `limiter`. */
export function rateLimited(client: CiApi, limiter: RateLimiter): CiApi {
  return aroundCalls(client, async (name, call, go) => {
    await limiter.take(URGENT.has(name), call?.signal);
    return go(call);
  });
}
