import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ContractError,
  describeFailure,
  failureOf,
  RequestValidationError,
  TriggerOutcomeUnknownError,
  UrlRefusedError,
} from '../../src/api/errors.ts';
import { hintFor, serverMessageFrom } from '../../src/api/http-errors.ts';
import { paginate } from '../../src/core/paginate.ts';
import { createRedactor, sanitizeCause } from '../../src/api/redact.ts';

describe('serverMessageFrom', () => {
  it('takes `message` from a Boom-style body', () => {
    const body = JSON.stringify({
      statusCode: 400,
      error: 'Bad Request',
      message: 'status must be one of notstarted, started, finished, running',
      details: [{ path: 'status', type: 'any.allowOnly' }],
    });
    expect(serverMessageFrom(400, body)).toBe('status must be one of notstarted, started, finished, running');
    expect(serverMessageFrom(400, '{"statusCode":400,"error":"Bad Request"}')).toBe('Bad Request');
  });

  it('falls back to the text, then to fixed messages', () => {
    expect(serverMessageFrom(502, '  upstream   down\n')).toBe('upstream down');
    expect(serverMessageFrom(401, '')).toBe('authentication required');
    expect(serverMessageFrom(403, '<html><body>Forbidden</body></html>')).toBe(
      'not authorized to access this resource',
    );
    expect(serverMessageFrom(404, '')).toBe('resource not found');
    expect(serverMessageFrom(503, '')).toBe('Service Unavailable');
    expect(serverMessageFrom(500, 'x'.repeat(2000))).toHaveLength(500);
  });
});

describe('hintFor', () => {
  it('points workflow-stack build triggers at runs', () => {
    expect(hintFor(400, 'Invalid stack, only stack 1 and 5 are supported for builds.')).toMatch(
      /pipeline-id/,
    );
    expect(hintFor(400, 'status must be one of x')).toBeUndefined();
  });

  it('has short hints for 401, 403 and 404', () => {
    expect(hintFor(401, '')).toMatch(/token/);
    expect(hintFor(403, '')).toMatch(/access/);
    expect(hintFor(404, '')).toMatch(/id/);
  });
});

describe('redaction', () => {
  const redact = createRedactor(['s3cr3t/t0ken', undefined]);

  it('masks the token, its URL-encoded form, bearer values and token query parameters', () => {
    expect(redact('got s3cr3t/t0ken and s3cr3t%2Ft0ken')).toBe('got *** and ***');
    expect(redact('Authorization: Bearer abc.def')).toBe('Authorization: Bearer ***');
    expect(redact('/api/v3/runs?token=abc&limit=1')).toBe('/api/v3/runs?token=***&limit=1');
  });

  it('masks any piece of eight or more characters of the token, as a server may quote one', () => {
    const long = createRedactor(['ghp_Q7xT2mZ9vK4pL8sR1wN6yB3cF5hJ0dA2eG4iU']);
    expect(long('token ghp_Q7xT2mZ9 is invalid')).toBe('token *** is invalid');
    expect(long('ends in …wN6yB3cF5hJ0dA2eG4iU.')).toBe('ends in …***.');
    expect(long('split ghp_Q7xT2mZ9vK4p\nL8sR1wN6yB3c')).toBe('split ***\n***');
    expect(long('short ghp_Q7x and unrelated words')).toBe('short ghp_Q7x and unrelated words');
  });

  it('copies a cause without the original object or the token', () => {
    const original = Object.assign(new Error('failed for s3cr3t/t0ken'), {
      code: 'ECONNRESET',
      headers: { authorization: 'Bearer s3cr3t/t0ken' },
      cause: new Error('inner s3cr3t/t0ken'),
    });
    const copy = sanitizeCause(original, redact);
    expect(copy.message).toBe('failed for ***');
    expect((copy as Error & { code?: string }).code).toBe('ECONNRESET');
    expect(copy).not.toHaveProperty('headers');
    expect(inspect(copy, { depth: 10 })).not.toContain('s3cr3t');
  });
});

describe('ApiError', () => {
  it('describes itself from its fields', () => {
    const err = new ApiError({
      method: 'GET',
      path: '/api/v3/runs/r1',
      kind: 'http',
      status: 404,
      serverMessage: 'Run not found',
      retryable: false,
      hint: 'check the id',
    });
    expect(err.message).toBe('GET /api/v3/runs/r1 failed with HTTP 404: Run not found. Hint: check the id');
    expect(err).toBeInstanceOf(Error);
    expect(err.attempts).toBe(1);
    const timeout = new ApiError({
      method: 'GET',
      path: '/x',
      kind: 'timeout',
      retryable: true,
      detail: 'no response within 50 ms',
      attempts: 3,
      note: 'gave up: 3 attempts made',
    });
    expect(timeout.message).toBe(
      'GET /x timed out: no response within 50 ms after 3 attempts (gave up: 3 attempts made)',
    );
  });

  it('marks an unknown trigger outcome as not retryable and says what to do', () => {
    const err = new TriggerOutcomeUnknownError({ method: 'POST', path: '/api/v3/runs', kind: 'network' });
    expect(err).toBeInstanceOf(ApiError);
    expect(err.name).toBe('TriggerOutcomeUnknownError');
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/look for it before triggering again/);
    expect(err.taken).toBe(false);
    const taken = new TriggerOutcomeUnknownError({
      method: 'POST',
      path: '/api/v3/builds',
      kind: 'network',
      taken: true,
    });
    expect(taken.taken).toBe(true);
    expect(taken.message).toMatch(
      /the server took the trigger, so the build exists: look for it, and do not trigger again/,
    );
  });
});

describe('describeFailure', () => {
  it('gives the core the word and the facts it may act on, and nothing of the error class', () => {
    const throttled = new ApiError({
      method: 'GET',
      path: '/runs/1',
      kind: 'http',
      status: 429,
      retryable: true,
      retryAfterMs: 2000,
      attempts: 3,
      serverMessage: 'slow \x1b[31mdown\u202e now',
    });
    expect(describeFailure(throttled)).toEqual({
      word: 'throttled',
      retryable: true,
      retried: true,
      retryAfterMs: 2000,
      pastDeadline: false,
      taken: false,
      serverMessage: 'slow down now',
      message: throttled.message,
    });
    expect(failureOf(throttled)).toBe('throttled');
  });

  it('says a trigger was taken, an endpoint is missing, and an error is not a call at all', () => {
    const taken = new TriggerOutcomeUnknownError({
      method: 'POST',
      path: '/runs',
      kind: 'http',
      taken: true,
    });
    expect(describeFailure(taken)).toMatchObject({ word: 'outcome-unknown', taken: true, retried: false });
    const missing = new ApiError({
      method: 'PUT',
      path: '/runs/1/abort',
      kind: 'http',
      status: 404,
      retryable: false,
      unsupported: true,
    });
    expect(describeFailure(missing).word).toBe('unsupported');
    expect(describeFailure(new ContractError('GET /runs/:id', 'id', 'is not an id')).word).toBe(
      'unusable-answer',
    );
    expect(describeFailure(new TypeError('bug'))).toMatchObject({
      word: 'internal',
      retryable: false,
      message: 'bug',
    });
    expect(describeFailure('thrown text')).toMatchObject({ word: 'internal', message: 'thrown text' });
    const refused = new UrlRefusedError('artifactsUrl', 'refusing to fetch artifactsUrl from https://x.test');
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect(describeFailure(refused)).toMatchObject({ word: 'url-refused', retryable: false });
  });
});

describe('paginate', () => {
  it('walks limit/skip until a short page', async () => {
    const items = Array.from({ length: 7 }, (_, i) => i);
    const asked: Array<{ limit: number; skip: number }> = [];
    const all: number[] = [];
    for await (const item of paginate(async (page) => {
      asked.push(page);
      return items.slice(page.skip, page.skip + page.limit);
    }, 3)) {
      all.push(item);
    }
    expect(all).toEqual(items);
    expect(asked).toEqual([
      { limit: 3, skip: 0 },
      { limit: 3, skip: 3 },
      { limit: 3, skip: 6 },
    ]);
  });

  it('stops at an empty page when the total is a multiple of the limit', async () => {
    const asked: number[] = [];
    const all: number[] = [];
    for await (const item of paginate(async ({ skip }) => {
      asked.push(skip);
      return skip < 4 ? [skip, skip + 1] : [];
    }, 2)) {
      all.push(item);
    }
    expect(all).toEqual([0, 1, 2, 3]);
    expect(asked).toEqual([0, 2, 4]);
  });

  it('refuses a limit that is not a positive integer', async () => {
    await expect(paginate(async () => [], 0).next()).rejects.toThrow(/limit/);
  });
});
