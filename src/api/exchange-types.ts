// The shapes the exchange layer works with: its options, one logical request, and one attempt's result.
import type { Dispatcher } from 'undici';
import type { BodyBudget } from './body-budget.ts';
import type { Clock, Sleep } from '../time.ts';
import type { Timeouts } from './dispatcher.ts';
import type { ApiErrorInit, ContractError } from './errors.ts';
import type { ResolveName } from './origins.ts';
import type { HttpMethod } from './requests.ts';
import type { RetryPolicy } from './retry.ts';

export interface ExchangeOptions {
  token?: string;
  userAgent?: string;
  timeouts?: Timeouts;
  retry?: Partial<RetryPolicy>;
  clock?: Clock;
  sleep?: Sleep;
  /** Receives one line per request attempt (method, path, outcome, duration); the token never appears. */
  debug?: (line: string) => void;
  /**
   * For the API's endpoints. Default: `createDispatcher(process.env, timeouts)`, closed by `close()`;
   * a given one is left open. URLs the server handed out always go through one of the client's own.
   */
  dispatcher?: Dispatcher;
  /** Source of jitter in [0, 1). */
  random?: () => number;
  /** Origins besides the API's whose step logs and artifacts may be fetched; never sent the token. */
  extraOrigins?: readonly string[];
  /** Name resolution for URLs the server handed out (and the API's own name); default the system's. */
  resolveName?: ResolveName;
  /** What JSON bodies being read at once may hold; default the one budget of the process. */
  bodyBudget?: BodyBudget;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Epoch ms on the client's clock: no retry or backoff goes past it. */
  deadline?: number;
  retry?: Partial<RetryPolicy>;
}

/** One logical request; `send` makes as many attempts of it as the retry policy allows. */
export interface Exchange<T> {
  method: HttpMethod;
  /** Endpoint template for messages, e.g. `GET /runs/:runId`. */
  endpoint: string;
  url: URL;
  /** Set for a URL the server handed out: the field it came from, named when the policy refuses it. */
  field?: string;
  body?: unknown;
  accept?: string;
  /** Further request headers (a step log's `Range`). */
  headers?: Readonly<Record<string, string>>;
  /**
   * A non-2xx answer that is a result rather than a failure (a 416 to a range past the end): its value,
   * or undefined to treat it as a failure. The body is discarded.
   */
  settle?: (response: Dispatcher.ResponseData) => T | undefined;
  /**
   * No total time limit for an attempt, only the idle timeouts and the caller's signal: for a body that
   * may take as long as it needs while it keeps coming (an artifact), bounded by its caller.
   */
  unbounded?: boolean;
  /** Reads (GET) and aborts (PUT) may be sent again. */
  retry: boolean;
  /** A POST that creates something: failures after sending become TriggerOutcomeUnknownError. */
  trigger: boolean;
  /** Adjusts the error of a non-2xx answer, e.g. to mark an endpoint the server lacks. */
  onHttpError?: (init: ApiErrorInit) => ApiErrorInit;
  /** Turns a 2xx answer into the result; a ContractError means the body is unusable. */
  read: (response: Dispatcher.ResponseData, path: string, bounded: Bounded) => Promise<T>;
}

/**
 * What bounds one attempt: the caller's signal and the attempt's own total time limit end it early;
 * its JSON body counts against the budget of bodies in flight.
 */
export interface Bounded {
  signal: AbortSignal | undefined;
  limit: AbortSignal;
  limitMs: number;
  bodies: BodyBudget;
}

/** What one HTTP attempt came to: a value, an HTTP or network failure, or an unusable body. */
export type AttemptResult<T> =
  | { ok: true; value: T; status: number }
  | { ok: false; init: ApiErrorInit; outcomeUnknown: boolean; label: string; taken?: boolean }
  | { ok: false; contract: ContractError; label: string };
