// One bound for every request of the flow: the job's cancel signal and the `timeout` deadline as a
// single signal, handed to each call the flow makes (polls, step lists, step-log reads, workflow reads,
// the trigger's searches). Checking the deadline between polls is not enough: a server that sends one
// byte a second would hold a request, and the step, long past it. The abort that follows a timeout
// goes out through the client as it was, with a budget of its own.
import { failureOf } from '../api/errors.ts';
import type { Clock } from '../time.ts';
import type { CallOptions, CiApi } from './api-port.ts';
import { aroundCalls } from './around-calls.ts';

export interface FlowBounds {
  /** Aborts when the job is cancelled or the deadline passes. */
  readonly signal: AbortSignal;
  /** Epoch ms on the flow's clock; undefined without a `timeout`. */
  readonly deadline: number | undefined;
  /** The deadline passed (the signal fired for it, or would have). */
  timedOut(): boolean;
  /** A trigger was handed to the server: what it created may exist even if nothing else is known. */
  readonly triggerSent: boolean;
  /** Stops the timer; the flow is over. */
  dispose(): void;
}

class Bounds implements FlowBounds {
  readonly signal: AbortSignal;
  readonly deadline: number | undefined;
  triggerSent = false;
  readonly #clock: Clock;
  readonly #expired = new AbortController();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(cancel: AbortSignal, deadline: number | undefined, clock: Clock) {
    this.deadline = deadline;
    this.#clock = clock;
    this.signal = AbortSignal.any([cancel, this.#expired.signal]);
    if (deadline === undefined) return;
    // A real timer: a request in flight is real time, whatever clock the flow's own waits use.
    this.#timer = setTimeout(
      () => this.#expired.abort(new Error('the timeout passed')),
      Math.max(0, deadline - clock.now()),
    );
    this.#timer.unref?.();
  }

  timedOut(): boolean {
    return (
      this.#expired.signal.aborted || (this.deadline !== undefined && this.#clock.now() >= this.deadline)
    );
  }

  dispose(): void {
    clearTimeout(this.#timer);
  }
}

export function flowBounds(cancel: AbortSignal, deadline: number | undefined, clock: Clock): FlowBounds {
  return new Bounds(cancel, deadline, clock);
}

/**
 * The API port with the flow's bounds on every call. A trigger is the exception: cut off on its way it
 * would leave its outcome unknown, so it is not sent once the bounds have fired, and is otherwise held
 * only by the client's own time limit for one request.
 */
export function boundedClient(client: CiApi, bounds: FlowBounds): CiApi {
  const owned = bounds as Bounds;
  const call = (options?: CallOptions): CallOptions => {
    const deadline =
      bounds.deadline === undefined
        ? options?.deadline
        : Math.min(bounds.deadline, options?.deadline ?? Infinity);
    return {
      ...options,
      signal: options?.signal ? AbortSignal.any([options.signal, bounds.signal]) : bounds.signal,
      ...(deadline !== undefined ? { deadline } : {}),
    };
  };
  return aroundCalls(client, async (name, options, go) => {
    if (name !== 'triggerRun' && name !== 'triggerBuild') return go(call(options));
    if (bounds.signal.aborted) {
      const path = name === 'triggerRun' ? '/runs' : '/builds';
      throw new CutOffError(`POST ${path} was aborted`);
    }
    owned.triggerSent = true;
    return go(options);
  });
}

/** A trigger the flow's bounds kept from being sent: nothing was handed to the server. */
class CutOffError extends Error {
  override name = 'CutOffError';
}

/** An error that only says a request was cut off by the flow's own bounds (or never sent for them). */
export function isCutOff(error: unknown): boolean {
  return error instanceof CutOffError || failureOf(error) === 'aborted';
}
