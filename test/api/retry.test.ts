import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/api/errors.ts';
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  parseRetryAfter,
  planRetry,
  resolveRetryPolicy,
} from '../../src/api/retry.ts';

const policy = { maxAttempts: 5, baseMs: 500, capMs: 4_000, retryAfterCapMs: 30_000, budgetMs: 60_000 };

describe('backoffDelay (full jitter)', () => {
  it('draws from [0, min(cap, base × 2^n))', () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => backoffDelay(n, policy, () => 0.999999))).toEqual([
      499, 999, 1999, 3999, 3999, 3999,
    ]);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(2000);
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
  });

  it('clamps a random source that strays out of [0, 1]', () => {
    expect(backoffDelay(0, policy, () => 7)).toBe(500);
    expect(backoffDelay(0, policy, () => -1)).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2024-01-01T00:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter(['2', '9'], now)).toBe(2000);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Mon, 01 Jan 2024 00:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 31 Dec 2023 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    for (const value of [undefined, '', '-1', 'soon', '12abc', '1e3']) {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    }
  });
});

describe('isRetryableStatus', () => {
  it('retries throttling and transient server errors only', () => {
    expect([408, 429, 500, 502, 503, 504, 599].every(isRetryableStatus)).toBe(true);
    expect([200, 400, 401, 403, 404, 409, 422, 501, 505].some(isRetryableStatus)).toBe(false);
  });
});

describe('resolveRetryPolicy', () => {
  it('layers overrides on the defaults', () => {
    expect(resolveRetryPolicy()).toEqual(DEFAULT_RETRY_POLICY);
    expect(resolveRetryPolicy({ maxAttempts: 2 }, undefined, { baseMs: 1 })).toEqual({
      ...DEFAULT_RETRY_POLICY,
      maxAttempts: 2,
      baseMs: 1,
    });
  });

  it('rejects nonsense', () => {
    expect(() => resolveRetryPolicy({ maxAttempts: 0 })).toThrow(RequestValidationError);
    expect(() => resolveRetryPolicy({ budgetMs: Number.NaN })).toThrow(/retry.budgetMs/);
  });
});

describe('planRetry', () => {
  const start = 1_000_000;
  const half = () => 0.5;

  it('backs off exponentially until the attempts are used up', () => {
    const delays = [1, 2, 3, 4].map((attempts) =>
      planRetry({ attempts, startedAt: start, now: start }, policy, half),
    );
    expect(delays).toEqual([
      { retry: true, delayMs: 250 },
      { retry: true, delayMs: 500 },
      { retry: true, delayMs: 1000 },
      { retry: true, delayMs: 2000 },
    ]);
    expect(planRetry({ attempts: 5, startedAt: start, now: start }, policy, half)).toEqual({
      retry: false,
      reason: '5 attempts made',
      exhausted: true,
    });
  });

  it('by default rides out seven failures in a row, even when every wait is drawn at its longest', () => {
    const longest = () => 1;
    let now = start;
    for (let attempts = 1; attempts < 8; attempts++) {
      const plan = planRetry({ attempts, startedAt: start, now }, DEFAULT_RETRY_POLICY, longest);
      expect(plan.retry).toBe(true);
      if (plan.retry) now += plan.delayMs;
    }
    expect(now - start).toBeLessThan(DEFAULT_RETRY_POLICY.budgetMs);
    expect(planRetry({ attempts: 8, startedAt: start, now }, DEFAULT_RETRY_POLICY, longest)).toMatchObject({
      retry: false,
      exhausted: true,
    });
  });

  it('waits exactly what Retry-After asks, up to its cap', () => {
    expect(
      planRetry({ attempts: 1, startedAt: start, now: start, retryAfterMs: 7000 }, policy, half),
    ).toEqual({
      retry: true,
      delayMs: 7000,
    });
    const tooLong = planRetry(
      { attempts: 1, startedAt: start, now: start, retryAfterMs: 31_000 },
      policy,
      half,
    );
    expect(tooLong).toMatchObject({ retry: false });
    expect(tooLong.retry || tooLong.reason).toMatch(/31000 ms/);
  });

  it('stops when the wait would exceed the budget or pass the deadline', () => {
    expect(planRetry({ attempts: 1, startedAt: start, now: start + 59_900 }, policy, half)).toMatchObject({
      retry: false,
      reason: expect.stringMatching(/budget/),
    });
    expect(
      planRetry({ attempts: 1, startedAt: start, now: start, deadline: start + 100 }, policy, half),
    ).toEqual({
      retry: false,
      reason: 'the deadline would be passed',
      exhausted: false,
      pastDeadline: true,
    });
    expect(
      planRetry({ attempts: 1, startedAt: start, now: start, deadline: start + 250 }, policy, half),
    ).toEqual({
      retry: true,
      delayMs: 250,
    });
  });
});
