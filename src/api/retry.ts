// The retry policy for reads and aborts: capped exponential backoff with full jitter, the server's
// Retry-After honoured up to a cap, all within a per-call budget and the caller's deadline.

import { RequestValidationError } from './errors.ts';

export interface RetryPolicy {
  /** Attempts in total, the first one included. */
  maxAttempts: number;
  /** Backoff before the first retry is drawn from [0, baseMs). */
  baseMs: number;
  /** Upper bound of the exponential backoff. */
  capMs: number;
  /** A Retry-After longer than this ends the retries instead of being waited out. */
  retryAfterCapMs: number;
  /** Time from the start of the call after which no further retry starts. */
  budgetMs: number;
}

// Eight attempts: full jitter can draw five retries within a second or two, and a read before the
// trigger that gives up loses the whole run; the budget, not the count, bounds a longer outage.
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxAttempts: 8,
  baseMs: 500,
  capMs: 10_000,
  retryAfterCapMs: 30_000,
  budgetMs: 60_000,
});

/** Later layers override earlier ones; every value is checked. */
export function resolveRetryPolicy(...layers: Array<Partial<RetryPolicy> | undefined>): RetryPolicy {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY };
  for (const layer of layers) {
    if (!layer) continue;
    for (const key of Object.keys(DEFAULT_RETRY_POLICY) as (keyof RetryPolicy)[]) {
      const value = layer[key];
      if (value !== undefined) policy[key] = value;
    }
  }
  for (const [key, value] of Object.entries(policy)) {
    const min = key === 'maxAttempts' ? 1 : 0;
    if (typeof value !== 'number' || Number.isNaN(value) || value < min) {
      throw new RequestValidationError(`retry.${key}`, `retry.${key} must be a number of at least ${min}`);
    }
  }
  return policy;
}

/** Full jitter: a uniform draw from [0, min(cap, base × 2^retryIndex)); retryIndex 0 is the first retry. */
export function backoffDelay(retryIndex: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** retryIndex);
  const draw = Math.min(Math.max(random(), 0), 1);
  return Math.floor(draw * ceiling);
}

/** `Retry-After` as delta-seconds or an HTTP date, in milliseconds from `nowMs`; undefined if unusable. */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Statuses worth another try: throttling, request timeout, and server errors that may pass. */
export function isRetryableStatus(status: number): boolean {
  if (status === 429 || status === 408) return true;
  return status >= 500 && status <= 599 && status !== 501 && status !== 505;
}

interface RetryState {
  /** Attempts made so far (1 after the first). */
  attempts: number;
  /** When the call started, on the client's clock. */
  startedAt: number;
  now: number;
  /** Epoch ms on the client's clock that no wait may pass. */
  deadline?: number;
  /** From the failed attempt's Retry-After header. */
  retryAfterMs?: number;
}

type RetryDecision =
  | { retry: true; delayMs: number }
  /**
   * `exhausted` when the attempts ran out, rather than time; `pastDeadline` when the caller's deadline
   * alone refused the retry.
   */
  | { retry: false; reason: string; exhausted: boolean; pastDeadline?: boolean };

export function planRetry(state: RetryState, policy: RetryPolicy, random: () => number): RetryDecision {
  if (state.attempts >= policy.maxAttempts) {
    return {
      retry: false,
      reason: `${policy.maxAttempts} attempt${policy.maxAttempts === 1 ? '' : 's'} made`,
      exhausted: true,
    };
  }
  let delayMs: number;
  if (state.retryAfterMs !== undefined) {
    if (state.retryAfterMs > policy.retryAfterCapMs) {
      return {
        retry: false,
        reason: `the server asked to wait ${state.retryAfterMs} ms, more than the ${policy.retryAfterCapMs} ms cap`,
        exhausted: false,
      };
    }
    delayMs = state.retryAfterMs;
  } else {
    delayMs = backoffDelay(state.attempts - 1, policy, random);
  }
  const resumeAt = state.now + delayMs;
  if (resumeAt > state.startedAt + policy.budgetMs) {
    return {
      retry: false,
      reason: `the retry budget of ${policy.budgetMs} ms would be exceeded`,
      exhausted: false,
    };
  }
  if (state.deadline !== undefined && resumeAt > state.deadline) {
    return { retry: false, reason: 'the deadline would be passed', exhausted: false, pastDeadline: true };
  }
  return { retry: true, delayMs };
}
