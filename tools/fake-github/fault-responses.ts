// What GitHub answers in each failure the fake can inject: the bodies, messages and headers clients key on
// (@octokit/plugin-throttling tells a secondary limit by "secondary rate" in the message, a primary one by
// `x-ratelimit-remaining: 0`; `x-accepted-github-permissions` names the permission a token lacked).
import { errorResponse, notFound } from './errors.ts';
import type { Fault } from './faults.ts';
import type { FakeResponse } from './types.ts';

export interface FaultContext {
  documentationUrl: string;
  /** e.g. 'checks=write'. */
  permission: string;
  requestId: string;
  now: Date;
}

const RATE_LIMIT_DOCS = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api';

/** The response for every kind but 'lost', which sends nothing. */
export function faultResponse(fault: Fault, context: FaultContext): FakeResponse {
  switch (fault.kind) {
    case 'forbidden':
      return withHeaders(
        errorResponse(403, 'Resource not accessible by integration', context.documentationUrl),
        {
          'x-accepted-github-permissions': context.permission,
        },
      );
    case 'not-found':
      return notFound(context.documentationUrl);
    case 'server-error':
      return errorResponse(500, 'Server Error');
    case 'bad-gateway':
      // GitHub's edge answers 502 with an HTML page, not JSON.
      return {
        status: 502,
        contentType: 'text/html; charset=utf-8',
        body:
          '<!DOCTYPE html>\n<html><head><title>Unicorn! &middot; GitHub</title></head>' +
          '<body><p>We had issues producing the response to your request.</p></body></html>\n',
      };
    case 'unavailable':
      return errorResponse(503, 'Service Unavailable');
    case 'secondary-rate-limit':
      return withHeaders(
        errorResponse(
          403,
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. ' +
            `If you reach out to GitHub Support for help, please include the request ID ${context.requestId}.`,
          `${RATE_LIMIT_DOCS}#about-secondary-rate-limits`,
        ),
        { 'retry-after': String(fault.retryAfter) },
      );
    case 'rate-limit':
    case 'rate-limit-429':
      return primaryRateLimit(fault, context, fault.kind === 'rate-limit' ? 403 : 429);
    case 'lost':
      throw new Error('a lost response has no body');
  }
}

function primaryRateLimit(fault: Fault, context: FaultContext, status: 403 | 429): FakeResponse {
  const reset = Math.ceil(context.now.getTime() / 1000) + fault.retryAfter;
  const message =
    'API rate limit exceeded for installation ID 48151623. If you reach out to GitHub Support for help, ' +
    `please include the request ID ${context.requestId} and timestamp ${context.now.toISOString()}.`;
  return withHeaders(errorResponse(status, message, `${RATE_LIMIT_DOCS}#about-primary-rate-limits`), {
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': String(reset),
    'x-ratelimit-used': '5000',
    'x-ratelimit-resource': 'core',
  });
}

function withHeaders(response: FakeResponse, headers: Record<string, string>): FakeResponse {
  return { ...response, headers: { ...response.headers, ...headers } };
}
