// A step's log as servers serve it while it grows, for the tailer's tests: Range honoured or ignored,
// bodies in chunks of any size, and faults before the answer or halfway through its body.
import type { StepLogRead } from '../../../src/api/step-log-read.ts';
import { ApiError } from '../../../src/api/errors.ts';

const encoder = new TextEncoder();

export type LogFault =
  /** The read fails before any byte: a 503 by default, or `status`, with `Retry-After` when given. */
  | { kind: 'refused'; status?: number; retryAfterMs?: number }
  /** The connection drops after `afterBytes` bytes of the body. */
  | { kind: 'dropped'; afterBytes: number };

export class LogServer {
  #bytes = new Uint8Array(0);
  ignoresRange = false;
  /** Answers `not-yet` (a server that keeps a log only once its step has ended). */
  hidden = false;
  /** Body chunks at most this long. */
  chunkBytes = 1 << 20;
  /** Faults for the next reads, in order. */
  readonly faults: LogFault[] = [];
  /** Asked for a fault when `faults` is empty. */
  faultFor?: () => LogFault | undefined;
  /** Each read's offset, in order. */
  readonly reads: number[] = [];
  /** Body bytes sent in all. */
  sentBytes = 0;
  #inFlight = 0;
  /** The most reads in flight at once. */
  maxInFlight = 0;

  get length(): number {
    return this.#bytes.length;
  }

  get text(): string {
    return new TextDecoder().decode(this.#bytes);
  }

  append(text: string | Uint8Array): void {
    const more = typeof text === 'string' ? encoder.encode(text) : text;
    const next = new Uint8Array(this.#bytes.length + more.length);
    next.set(this.#bytes);
    next.set(more, this.#bytes.length);
    this.#bytes = next;
  }

  /** The log starts over with `text`. */
  replace(text: string): void {
    this.#bytes = encoder.encode(text);
  }

  read = async (from: number, call: { signal?: AbortSignal }): Promise<StepLogRead> => {
    this.reads.push(from);
    this.#inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.#inFlight);
    const answer = this.#answer(from, call);
    if (!('body' in answer)) this.#inFlight -= 1;
    return answer;
  };

  #answer(from: number, call: { signal?: AbortSignal }): StepLogRead {
    const fail = (init: ConstructorParameters<typeof ApiError>[0]) => {
      this.#inFlight -= 1;
      return new ApiError(init);
    };
    if (call.signal?.aborted) throw fail({ method: 'GET', path: '/log', kind: 'aborted', retryable: false });
    const fault = this.faults.shift() ?? this.faultFor?.();
    if (fault?.kind === 'refused') {
      const status = fault.status ?? 503;
      throw fail({
        method: 'GET',
        path: '/log',
        kind: 'http',
        status,
        retryable: status >= 500 || status === 429,
        ...(fault.retryAfterMs !== undefined ? { retryAfterMs: fault.retryAfterMs } : {}),
      });
    }
    if (this.hidden) return { kind: 'not-yet' };
    const snapshot = this.#bytes;
    if (this.ignoresRange) return { kind: 'whole', body: this.#body(snapshot, fault) };
    if (from >= snapshot.length) return { kind: 'nothing-new', totalLength: snapshot.length };
    return {
      kind: 'partial',
      start: from,
      totalLength: snapshot.length,
      body: this.#body(snapshot.slice(from), fault),
    };
  }

  async *#body(bytes: Uint8Array, fault: LogFault | undefined): AsyncGenerator<Uint8Array> {
    try {
      const end = fault?.kind === 'dropped' ? Math.min(bytes.length, fault.afterBytes) : bytes.length;
      for (let at = 0; at < end; at += this.chunkBytes) {
        const chunk = bytes.slice(at, Math.min(end, at + this.chunkBytes));
        this.sentBytes += chunk.length;
        await Promise.resolve();
        yield chunk;
      }
      if (fault?.kind === 'dropped') {
        throw new ApiError({
          method: 'GET',
          path: '/log',
          kind: 'network',
          code: 'ECONNRESET',
          retryable: true,
        });
      }
    } finally {
      this.#inFlight -= 1;
    }
  }
}
