// Errors thrown by the API client. None of them ever carries the token: messages, fields and
// causes are built from redacted text only (see redact.ts).
import { sanitizeLine } from '../text/safety.ts';

type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

export interface ApiErrorInit {
  method: string;
  path: string;
  kind: ApiErrorKind;
  retryable: boolean;
  status?: number;
  serverMessage?: string;
  hint?: string;
  unsupported?: boolean;
  /** How long the server asked the client to wait (from `Retry-After`), when it said so. */
  retryAfterMs?: number;
  /** Transport error code such as `ECONNRESET` or `UND_ERR_HEADERS_TIMEOUT`. */
  code?: string;
  /** Attempts made before giving up (1 when the call was not retried). */
  attempts?: number;
  /** Short description of a transport failure, e.g. `no response headers within 30000 ms`. */
  detail?: string;
  /** Why retrying stopped, when it did, e.g. `the deadline would be passed`. */
  note?: string;
  /** Overrides the generated message. */
  message?: string;
  /** Already redacted. */
  cause?: Error;
}

/** A call that failed: an HTTP error status, a network failure, a timeout or an abort. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly method: string;
  /** Path and query of the request (origin and path only for another origin); never contains the token. */
  readonly path: string;
  readonly kind: ApiErrorKind;
  declare readonly status?: number;
  declare readonly serverMessage?: string;
  readonly retryable: boolean;
  declare readonly hint?: string;
  declare readonly unsupported?: boolean;
  declare readonly retryAfterMs?: number;
  declare readonly code?: string;
  readonly attempts: number;

  constructor(init: ApiErrorInit) {
    super(init.message ?? describeApiError(init), init.cause ? { cause: init.cause } : undefined);
    this.method = init.method;
    this.path = init.path;
    this.kind = init.kind;
    this.retryable = init.retryable;
    this.attempts = init.attempts ?? 1;
    // Optional fields exist only when set, so that logs and snapshots show what is known.
    const optional = {
      status: init.status,
      serverMessage: init.serverMessage,
      hint: init.hint,
      unsupported: init.unsupported,
      retryAfterMs: init.retryAfterMs,
      code: init.code,
    };
    for (const [key, value] of Object.entries(optional)) {
      if (value !== undefined) Object.defineProperty(this, key, { value, enumerable: true });
    }
  }
}

/**
 * A trigger (POST) whose request may have reached the server, but no usable answer came back
 * (connection lost after sending, no response in time, a 5xx, an unreadable body). A run or
 * build may exist: look for it before triggering again. Never retried by the client.
 */
export class TriggerOutcomeUnknownError extends ApiError {
  override name = 'TriggerOutcomeUnknownError';
  /**
   * The server answered 2xx: it took the trigger and created the run or build, and only its answer
   * (the body, e.g. an unusable id) could not be used. Such a trigger must never be sent again.
   */
  readonly taken: boolean;

  constructor(init: Omit<ApiErrorInit, 'retryable'> & { taken?: boolean }) {
    const { taken = false, ...rest } = init;
    super({
      ...rest,
      retryable: false,
      message:
        rest.message ??
        `${describeApiError({ ...rest, retryable: false })}; ${outcomeAdvice(rest.path, taken)}`,
    });
    this.taken = taken;
  }
}

/** A response body that does not match the field tables of the API. */
export class ContractError extends Error {
  override name = 'ContractError';
  /** Endpoint template such as `GET /runs/:runId`. */
  readonly endpoint: string;
  /** Field path such as `status`, `pipeline.id` or `[3].status`; `(body)` for the body itself. */
  readonly field: string;

  constructor(endpoint: string, field: string, problem: string) {
    super(
      `Unexpected response from ${endpoint}: ${field === '(body)' ? 'the body' : `field "${field}"`} ${problem}`,
    );
    this.endpoint = endpoint;
    this.field = field;
  }
}

/** A request that breaks a rule of the API; it was not sent. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * A URL the server handed out that the client will not fetch: an origin that is neither the API's nor
 * listed, a redirect to one, plain http under an https API, or an address of a kind not allowed. The
 * message names the origin or host, never the URL's path or query.
 */
export class UrlRefusedError extends RequestValidationError {}

/** What the caller of a trigger whose outcome is unknown should do next; `taken` after a 2xx. */
export function outcomeAdvice(path: string, taken = false): string {
  const resource = /\/builds\b/.test(path) ? 'build' : 'run';
  return taken
    ? `the server took the trigger, so the ${resource} exists: look for it, and do not trigger again`
    : `the ${resource} may have been created anyway: look for it before triggering again`;
}

function describeApiError(init: ApiErrorInit): string {
  const subject = `${init.method} ${init.path}`;
  let text: string;
  switch (init.kind) {
    case 'http':
      text = `${subject} failed with HTTP ${init.status ?? '?'}${init.serverMessage ? `: ${init.serverMessage}` : ''}`;
      break;
    case 'timeout':
      text = `${subject} timed out${init.detail ? `: ${init.detail}` : ''}`;
      break;
    case 'aborted':
      text = `${subject} was aborted`;
      break;
    default:
      text = `${subject} failed: ${init.detail ?? 'network error'}`;
  }
  if (init.attempts !== undefined && init.attempts > 1) text += ` after ${init.attempts} attempts`;
  if (init.note) text += ` (${init.note})`;
  if (init.hint) text += `${/[.!?]$/.test(text) ? '' : '.'} Hint: ${init.hint}`;
  return text;
}

/**
 * What a failed call means to its caller, decided once here from its status and transport, so that the
 * core acts on the word and never reads an HTTP status:
 * - `not-found` 404, `gone` 410, `not-allowed` 405, `denied` 401/403, `invalid` 400/422, `throttled` 429,
 *   `refused` any other 4xx;
 * - `transient` 408 or a 5xx: an answer worth asking again for;
 * - `no-answer` a lost connection or no answer in time (for a trigger: it never reached the server,
 *   since one that may have is `outcome-unknown`);
 * - `unsupported` the server offers no such endpoint (the client says so on the error);
 * - `url-refused` a URL the server handed out that is not fetched (UrlRefusedError);
 * - `outcome-unknown` a trigger that may have been taken; `unusable-answer` a body that breaks the API's
 *   contract; `aborted` the caller's own signal; `other` a call's failure that fits no other word;
 * - `internal` an error that is not a call's failure at all (a bug, an error of the caller's own).
 */
export type FailureWord =
  | 'not-found'
  | 'gone'
  | 'not-allowed'
  | 'denied'
  | 'invalid'
  | 'throttled'
  | 'refused'
  | 'transient'
  | 'no-answer'
  | 'unsupported'
  | 'url-refused'
  | 'outcome-unknown'
  | 'unusable-answer'
  | 'aborted'
  | 'other'
  | 'internal';

const BY_STATUS: ReadonlyMap<number, FailureWord> = new Map([
  [404, 'not-found'],
  [410, 'gone'],
  [405, 'not-allowed'],
  [401, 'denied'],
  [403, 'denied'],
  [400, 'invalid'],
  [422, 'invalid'],
  [429, 'throttled'],
  [408, 'transient'],
]);

/** The word of a failure: `describeFailure(error).word`. */
export function failureOf(error: unknown): FailureWord {
  return wordOf(error);
}

/**
 * A failed call as the core may act on it: its word and the few facts that go with it. The core reads
 * these, never the client's error classes or an HTTP status.
 */
export interface Failure {
  readonly word: FailureWord;
  /**
   * The client's policy would send it again: an answer worth asking again for, or a connection that was
   * never made. For a trigger, this also says the server certainly did not take it.
   */
  readonly retryable: boolean;
  /** The client made more than one attempt before giving up. */
  readonly retried: boolean;
  /** How long the server asked to wait before asking again (`Retry-After`), when it said so. */
  readonly retryAfterMs?: number;
  /** For `outcome-unknown`: the server answered 2xx, so what the trigger creates exists. */
  readonly taken: boolean;
  /** What the server said about it, as one inert line, when it said anything. */
  readonly serverMessage?: string;
  /** The whole message, redacted like every message of the client. */
  readonly message: string;
}

export function describeFailure(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error);
  const facts = error instanceof ApiError ? error : undefined;
  return {
    word: wordOf(error),
    retryable: facts?.retryable ?? false,
    retried: (facts?.attempts ?? 1) > 1,
    ...(facts?.retryAfterMs !== undefined ? { retryAfterMs: facts.retryAfterMs } : {}),
    taken: error instanceof TriggerOutcomeUnknownError && error.taken,
    ...(facts?.serverMessage ? { serverMessage: sanitizeLine(facts.serverMessage, { maxLength: 500 }) } : {}),
    message,
  };
}

function wordOf(error: unknown): FailureWord {
  if (error instanceof ContractError) return 'unusable-answer';
  if (error instanceof UrlRefusedError) return 'url-refused';
  if (!(error instanceof ApiError)) return 'internal';
  if (error instanceof TriggerOutcomeUnknownError) return 'outcome-unknown';
  if (error.unsupported) return 'unsupported';
  if (error.kind === 'aborted') return 'aborted';
  const { status } = error;
  if (status === undefined) return 'no-answer';
  return BY_STATUS.get(status) ?? (status >= 500 ? 'transient' : status >= 400 ? 'refused' : 'other');
}
