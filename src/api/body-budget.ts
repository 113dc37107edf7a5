// One memory budget for the JSON bodies a process is reading at once. Each body is capped on its own
// (body.ts); this bounds them together, so that many targets read at the same moment cannot add up
// to more memory than the runner has. Step logs are streamed with bounded memory and are not counted.

/** What the bodies of all clients of one process may hold at once, unless a client is given its own. */
const PROCESS_BODY_BUDGET_BYTES = 32 * 1024 * 1024;

/** One body's share: what it holds, given back once the body is read and parsed. */
export interface BodyLease {
  /**
   * Counts `bytes` more against the budget; waits while that would go over it, until `signal` fires
   * (then rejects with the signal's reason).
   */
  take(bytes: number, signal?: AbortSignal): Promise<void>;
  /** Gives back everything taken; idempotent. */
  release(): void;
}

/**
 * Bytes of bodies being read at once, across every call that shares it. A body that would take it
 * over the limit waits until others are done, except the body opened first among those still being
 * read: it never waits, so that bodies waiting on each other always make progress. What is held is
 * therefore at most the limit plus one body (the per-body cap).
 */
export class BodyBudget {
  readonly limit: number;
  #used = 0;
  #peak = 0;
  /** Open leases in the order they were opened; the first one never waits. */
  readonly #open = new Set<object>();
  #wakers: (() => void)[] = [];

  constructor(limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1)
      throw new RangeError(`a body budget needs a size, not ${limit}`);
    this.limit = limit;
  }

  /** Bytes held now. */
  get used(): number {
    return this.#used;
  }

  /** Bodies waiting for room now. */
  get waiting(): number {
    return this.#wakers.length;
  }

  /** The most bytes held at once so far. */
  get peak(): number {
    return this.#peak;
  }

  open(): BodyLease {
    const key = {};
    this.#open.add(key);
    let held = 0;
    return {
      take: async (bytes, signal) => {
        while (this.#used + bytes > this.limit && this.#open.values().next().value !== key) {
          await this.#nextRelease(signal);
        }
        held += bytes;
        this.#used += bytes;
        this.#peak = Math.max(this.#peak, this.#used);
      },
      release: () => {
        if (!this.#open.delete(key)) return;
        this.#used -= held;
        held = 0;
        const wakers = this.#wakers;
        this.#wakers = [];
        for (const wake of wakers) wake();
      },
    };
  }

  #nextRelease(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const onAbort = () => {
        this.#wakers = this.#wakers.filter((waker) => waker !== wake);
        reject(signal!.reason as Error);
      };
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#wakers.push(wake);
    });
  }
}

/** The budget every client of this process shares unless given another. */
export const processBodyBudget = new BodyBudget(PROCESS_BODY_BUDGET_BYTES);
