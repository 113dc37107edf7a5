// Turning an error response into a message and a hint. Error bodies follow the hapi/Boom shape
// `{statusCode, error, message}`; anything else falls back to the text, then to fixed messages.

import { STATUS_CODES } from 'node:http';
import { clip, stripControls } from '../text/safety.ts';
import { createRedactor, type Redactor } from './redact.ts';

const MAX_MESSAGE_LENGTH = 500;

const FIXED_MESSAGES: Record<number, string> = {
  401: 'authentication required',
  403: 'not authorized to access this resource',
  404: 'resource not found',
};

const STACK_ERROR = /only stack 1 and 5 are supported for builds/i;

/**
 * The message of an error answer on one line, masked by `redact` before it is shortened: a cut
 * first could keep the start of a token, which the redactor would no longer recognise.
 */
export function serverMessageFrom(
  status: number,
  text: string,
  redact: Redactor = createRedactor([]),
): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const body = JSON.parse(trimmed) as { message?: unknown; error?: unknown };
      if (typeof body.message === 'string' && body.message.trim()) return shorten(body.message, redact);
      if (typeof body.error === 'string' && body.error.trim()) return shorten(body.error, redact);
    } catch {
      // Not JSON after all: use the text below.
    }
  }
  // An HTML error page (from a proxy or load balancer) says nothing useful in a log line.
  if (trimmed && !trimmed.startsWith('<')) return shorten(trimmed, redact);
  return FIXED_MESSAGES[status] ?? STATUS_CODES[status] ?? `HTTP ${status}`;
}

/**
 * Made inert first (escape sequences, control and bidirectional characters: taking them out could join
 * the pieces of a token), then masked, then cut.
 */
function shorten(text: string, redact: Redactor): string {
  const oneLine = redact(stripControls(text).replace(/\s+/g, ' ').trim());
  return clip(oneLine, MAX_MESSAGE_LENGTH);
}

export function hintFor(status: number, serverMessage: string): string | undefined {
  if (status === 400 && STACK_ERROR.test(serverMessage)) {
    return 'builds exist only on stacks 1 and 5; for a workflow-stack (stack 6) application trigger a run with pipeline-id instead';
  }
  switch (status) {
    case 401:
      return 'the token is missing, invalid or expired: check the token secret';
    case 403:
      return "the token's user may not access this resource: check its access to the owner and application";
    case 404:
      return 'check the owner, application name or id (private resources that the token cannot see also answer 404)';
    default:
      return undefined;
  }
}
