// What a failed GitHub request means for a report: wait and try again (5xx, rate limits, a lost
// connection), or stop that report for the run (no permission, a bad token, a request GitHub refuses).

export type Failure =
  | { kind: 'transient'; waitMs?: number; /** The request may have taken effect. */ unknownOutcome: boolean }
  | { kind: 'denied'; status: number }
  | { kind: 'refused'; status: number };

interface HttpishError {
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | number | undefined> };
}

export function classify(error: unknown, now: number): Failure {
  const { status, message = '', response } = (error ?? {}) as HttpishError;
  const headers = response?.headers ?? {};
  const header = (name: string): string | undefined => {
    const value = headers[name];
    return value === undefined ? undefined : String(value);
  };
  if (status === undefined || status === 0) return { kind: 'transient', unknownOutcome: true };
  if (status === 429 || (status === 403 && isRateLimit(message, header))) {
    const waitMs = rateLimitWait(header, now);
    return { kind: 'transient', unknownOutcome: false, ...(waitMs !== undefined ? { waitMs } : {}) };
  }
  // Octokit reports a request that never got an answer (reset, timeout) as a 500 without headers.
  if (status >= 500) return { kind: 'transient', unknownOutcome: true };
  if (status === 401 || status === 403 || status === 404) return { kind: 'denied', status };
  return { kind: 'refused', status };
}

function isRateLimit(message: string, header: (name: string) => string | undefined): boolean {
  return (
    header('retry-after') !== undefined ||
    header('x-ratelimit-remaining') === '0' ||
    /rate limit/i.test(message)
  );
}

/** `Retry-After` (seconds) first, then the primary limit's reset time (epoch seconds). */
function rateLimitWait(header: (name: string) => string | undefined, now: number): number | undefined {
  const retryAfter = Number(header('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter * 1000;
  const reset = Number(header('x-ratelimit-reset'));
  if (header('x-ratelimit-remaining') === '0' && Number.isFinite(reset)) {
    return Math.max(0, reset * 1000 - now) + 1000;
  }
  // Secondary limits without a header: GitHub asks for at least a minute.
  return 60_000;
}
