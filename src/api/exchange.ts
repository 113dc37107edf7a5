// Sends one logical request of the API client through an undici dispatcher, with timeouts and the
// retry policy. The token goes only to the API's own origin and never into an error or a log line.
// Reads and aborts are retried; triggers never are (see TriggerOutcomeUnknownError). URLs the server
// handed out go through a dispatcher of their own, whose connections the origin policy checks.

import type { Dispatcher } from 'undici';
import { request } from './undici.ts';
import { realSleep, systemClock, type Clock, type Sleep } from '../time.ts';
import { readTextPrefix, streamBody } from './body.ts';
import { processBodyBudget, type BodyBudget } from './body-budget.ts';
import { createDispatcher, resolveTimeouts, type Timeouts } from './dispatcher.ts';
import {
  ApiError,
  ContractError,
  outcomeAdvice,
  RequestValidationError,
  TriggerOutcomeUnknownError,
  UrlRefusedError,
  type ApiErrorInit,
} from './errors.ts';
import { hintFor, serverMessageFrom } from './http-errors.ts';
import { AddressRefusedError, OriginPolicy } from './origins.ts';
import { createRedactor, sanitizeCause, type Redactor } from './redact.ts';
import {
  isRetryableStatus,
  parseRetryAfter,
  planRetry,
  resolveRetryPolicy,
  type RetryPolicy,
} from './retry.ts';
import { classifyTransportError, type TransportFailure } from './transport.ts';
import type { AttemptResult, Bounded, CallOptions, Exchange, ExchangeOptions } from './exchange-types.ts';

const DEFAULT_USER_AGENT = 'ci-run-action';

export class Exchanger {
  readonly #origin: string;
  readonly #policy: OriginPolicy;
  readonly #token: string | undefined;
  readonly #userAgent: string;
  readonly #timeouts: Required<Timeouts>;
  readonly #retry: Partial<RetryPolicy> | undefined;
  readonly #clock: Clock;
  readonly #sleep: Sleep;
  readonly #debug: ((line: string) => void) | undefined;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  /** For URLs the server handed out; made when first needed. */
  #guarded: Dispatcher | undefined;
  readonly #random: () => number;
  readonly #redact: Redactor;
  readonly #bodies: BodyBudget;

  /** `apiUrl` is the normalised API root (see normaliseApiUrl). */
  constructor(apiUrl: string, options: ExchangeOptions) {
    this.#origin = new URL(apiUrl).origin;
    this.#policy = new OriginPolicy(apiUrl, {
      ...(options.extraOrigins ? { extraOrigins: options.extraOrigins } : {}),
      ...(options.resolveName ? { resolveName: options.resolveName } : {}),
    });
    // Trimmed: a secret pasted with a trailing newline is a common slip.
    this.#token = options.token?.trim() || undefined;
    // Checked here so that a malformed token never reaches a header (or an error message).
    if (this.#token !== undefined && !/^[\x21-\x7e]+$/.test(this.#token)) {
      throw new RequestValidationError(
        'token',
        'token must be printable ASCII without spaces or line breaks',
      );
    }
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.#timeouts = resolveTimeouts(options.timeouts);
    resolveRetryPolicy(options.retry);
    this.#retry = options.retry;
    this.#clock = options.clock ?? systemClock;
    this.#sleep = options.sleep ?? realSleep;
    this.#debug = options.debug;
    this.#random = options.random ?? Math.random;
    this.#redact = createRedactor([this.#token]);
    this.#bodies = options.bodyBudget ?? processBodyBudget;
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#dispatcher = options.dispatcher ?? createDispatcher(process.env, this.#timeouts);
  }

  /**
   * A URL the server handed out, resolved against the API root and checked by the origin policy; one it
   * will not fetch is a UrlRefusedError.
   */
  async serverUrl(raw: string, field: string): Promise<URL> {
    try {
      const url = this.#policy.resolve(raw, field);
      await this.#policy.admit(url, field);
      return url;
    } catch (err) {
      if (err instanceof RequestValidationError) throw new UrlRefusedError(err.field, err.message);
      throw err;
    }
  }

  /**
   * The body of a 2xx answer as bytes, handed out as they arrive; nothing is buffered whole. The
   * attempt's limits still hold while it is read.
   */
  stream(response: Dispatcher.ResponseData, path: string, bounded: Bounded): AsyncIterable<Uint8Array> {
    return streamBody(response.body, (err) => this.#streamError(path, err, bounded));
  }

  /** Closes the dispatcher this exchanger created; a dispatcher passed in is left to its owner. */
  async close(): Promise<void> {
    await Promise.all([this.#ownsDispatcher ? this.#dispatcher.close() : undefined, this.#guarded?.close()]);
  }

  #dispatcherFor(exchange: Exchange<unknown>): Dispatcher {
    if (exchange.field === undefined) return this.#dispatcher;
    this.#guarded ??= createDispatcher(
      process.env,
      this.#timeouts,
      this.#policy.connector(this.#timeouts.connectMs),
    );
    return this.#guarded;
  }

  async send<T>(exchange: Exchange<T>, call: CallOptions = {}): Promise<T> {
    const policy = resolveRetryPolicy(this.#retry, call.retry);
    const path = this.#describe(exchange.url, exchange.field !== undefined);
    const startedAt = this.#clock.now();
    for (let attempt = 1; ; attempt++) {
      if (call.signal?.aborted) throw this.#abortedError(exchange, path, attempt - 1);
      const began = this.#clock.now();
      const result = await this.#attempt(exchange, path, attempt, call.signal);
      const took = `${Math.max(0, this.#clock.now() - began)} ms`;
      const tag = `attempt ${attempt}/${exchange.retry ? policy.maxAttempts : 1}`;
      if (result.ok) {
        this.#log(`${exchange.method} ${path} → ${result.status} in ${took} (${tag})`);
        return result.value;
      }
      if ('contract' in result) {
        this.#log(
          `${exchange.method} ${path} → ${result.label} in ${took} (${tag}): ${result.contract.message}`,
        );
        throw result.contract;
      }
      const { init } = result;
      if (result.outcomeUnknown) {
        this.#log(
          `${exchange.method} ${path} → ${result.label} in ${took} (${tag}; outcome unknown, not retried)`,
        );
        throw new TriggerOutcomeUnknownError({ ...init, taken: result.taken === true });
      }
      if (!exchange.retry || !init.retryable || init.kind === 'aborted') {
        this.#log(`${exchange.method} ${path} → ${result.label} in ${took} (${tag})`);
        throw new ApiError(init);
      }
      const decision = planRetry(
        {
          attempts: attempt,
          startedAt,
          now: this.#clock.now(),
          ...(call.deadline !== undefined ? { deadline: call.deadline } : {}),
          ...(init.retryAfterMs !== undefined ? { retryAfterMs: init.retryAfterMs } : {}),
        },
        policy,
        this.#random,
      );
      if (!decision.retry) {
        this.#log(
          `${exchange.method} ${path} → ${result.label} in ${took} (${tag}; giving up: ${decision.reason})`,
        );
        // Running out of attempts needs no note: the message already counts them.
        throw new ApiError(decision.exhausted ? init : { ...init, note: `gave up: ${decision.reason}` });
      }
      this.#log(
        `${exchange.method} ${path} → ${result.label} in ${took} (${tag}; retrying in ${decision.delayMs} ms)`,
      );
      try {
        await this.#sleep(decision.delayMs, call.signal);
      } catch (err) {
        if (call.signal?.aborted) throw this.#abortedError(exchange, path, attempt);
        throw err;
      }
    }
  }

  #describe(url: URL, handedOut: boolean): string {
    // The query of a URL the server handed out is left out: pre-signed URLs carry their credentials there.
    if (url.origin !== this.#origin) return this.#redact(`${url.origin}${url.pathname}`);
    return this.#redact(handedOut ? url.pathname : `${url.pathname}${url.search}`);
  }

  /** The token masked, and for a URL the server handed out, the values of its query too (a signature). */
  #redactorFor(exchange: Exchange<unknown>): Redactor {
    if (exchange.field === undefined || exchange.url.search === '') return this.#redact;
    const values = [...exchange.url.searchParams.values()].filter((value) => value.length >= 8);
    return createRedactor([this.#token, ...values]);
  }

  async #attempt<T>(
    exchange: Exchange<T>,
    path: string,
    attempt: number,
    signal: AbortSignal | undefined,
  ): Promise<AttemptResult<T>> {
    const headers: Record<string, string> = {
      ...exchange.headers,
      accept: exchange.accept ?? 'application/json',
      'user-agent': this.#userAgent,
    };
    if (exchange.body !== undefined) headers['content-type'] = 'application/json';
    // The token goes to the API's own origin only, never to URLs on other hosts.
    if (this.#token && exchange.url.origin === this.#origin) headers.authorization = `Bearer ${this.#token}`;

    // The whole attempt, headers and body, within one limit: the idle timers reset on every byte. An
    // exchange that is `unbounded` has none: its caller bounds it (an artifact of gigabytes must finish).
    const limitMs = exchange.unbounded
      ? Infinity
      : exchange.field === undefined
        ? this.#timeouts.totalMs
        : this.#timeouts.streamTotalMs;
    const limit = exchange.unbounded ? new AbortController().signal : AbortSignal.timeout(limitMs);
    const bounded: Bounded = { signal, limit, limitMs, bodies: this.#bodies };
    let response: Dispatcher.ResponseData;
    try {
      response = await request(exchange.url, {
        method: exchange.method,
        headers,
        ...(exchange.body !== undefined ? { body: JSON.stringify(exchange.body) } : {}),
        signal: signal ? AbortSignal.any([signal, limit]) : limit,
        dispatcher: this.#dispatcherFor(exchange),
        headersTimeout: this.#timeouts.headersMs,
        bodyTimeout: this.#timeouts.bodyMs,
      });
    } catch (err) {
      if (err instanceof AddressRefusedError && exchange.field !== undefined) {
        this.#log(`${exchange.method} ${path} → refused (attempt ${attempt}): ${err.message}`);
        throw new UrlRefusedError(exchange.field, `refusing to fetch ${exchange.field}: ${err.message}`);
      }
      return this.#failure(exchange, path, attempt, err, bounded, false);
    }

    const { statusCode } = response;
    if (statusCode < 200 || statusCode > 299) {
      const settled = exchange.settle?.(response);
      if (settled === undefined) return this.#httpError(exchange, path, attempt, response);
      await response.body.dump().catch(() => undefined);
      return { ok: true, value: settled, status: statusCode };
    }
    try {
      return { ok: true, value: await exchange.read(response, path, bounded), status: statusCode };
    } catch (err) {
      const failed =
        err instanceof ContractError
          ? this.#unusableBody(exchange, path, attempt, statusCode, err)
          : this.#failure(exchange, path, attempt, err, bounded, true);
      // A 2xx to a trigger: the server created the run or build, whatever became of its answer.
      return 'init' in failed && failed.outcomeUnknown ? { ...failed, taken: true } : failed;
    }
  }

  async #httpError<T>(
    exchange: Exchange<T>,
    path: string,
    attempt: number,
    response: Dispatcher.ResponseData,
  ): Promise<AttemptResult<T>> {
    const { statusCode } = response;
    const text = await readTextPrefix(response.body).catch(() => '');
    const serverMessage = serverMessageFrom(statusCode, text, this.#redactorFor(exchange));
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'], this.#clock.now());
    const hint = hintFor(statusCode, serverMessage);
    let init: ApiErrorInit = {
      method: exchange.method,
      path,
      kind: 'http',
      status: statusCode,
      serverMessage,
      retryable: isRetryableStatus(statusCode),
      attempts: attempt,
      ...(hint ? { hint } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    };
    if (exchange.onHttpError) init = exchange.onHttpError(init);
    // A 5xx to a trigger may come after the server created the run; a 4xx is a clear "no".
    return {
      ok: false,
      init,
      outcomeUnknown: exchange.trigger && statusCode >= 500,
      label: String(statusCode),
    };
  }

  /** A 2xx answer whose body does not fit: a contract failure, or an unknown outcome for a trigger. */
  #unusableBody<T>(
    exchange: Exchange<T>,
    path: string,
    attempt: number,
    statusCode: number,
    err: ContractError,
  ): AttemptResult<T> {
    const label = `${statusCode} (unusable body)`;
    if (!exchange.trigger) return { ok: false, contract: err, label };
    return {
      ok: false,
      outcomeUnknown: true,
      label,
      init: {
        method: exchange.method,
        path,
        kind: 'http',
        status: statusCode,
        retryable: false,
        attempts: attempt,
        message: `${exchange.method} ${path} answered ${statusCode} with an unusable body (${err.message}); ${outcomeAdvice(path, true)}`,
        cause: sanitizeCause(err, this.#redact),
      },
    };
  }

  /** A transport failure (or abort) as an attempt result; `afterHeaders` when the response had begun. */
  #failure<T>(
    exchange: Exchange<T>,
    path: string,
    attempt: number,
    err: unknown,
    { signal, limit, limitMs }: Bounded,
    afterHeaders: boolean,
  ): AttemptResult<T> {
    if (signal?.aborted) {
      return {
        ok: false,
        init: { method: exchange.method, path, kind: 'aborted', retryable: false, attempts: attempt },
        // The request was on its way: a trigger may have been created.
        outcomeUnknown: exchange.trigger,
        label: 'aborted',
      };
    }
    const failure = limit.aborted ? overLimit(limitMs) : classifyTransportError(err, this.#timeouts);
    const init = this.#transportInit(exchange.method, path, err, failure, attempt);
    return {
      ok: false,
      init,
      outcomeUnknown: exchange.trigger && (afterHeaders || failure.mayHaveReachedServer),
      label: failure.code ?? failure.kind,
    };
  }

  #abortedError<T>(exchange: Exchange<T>, path: string, attempts: number): ApiError {
    return new ApiError({ method: exchange.method, path, kind: 'aborted', retryable: false, attempts });
  }

  #streamError(path: string, err: unknown, { signal, limit, limitMs }: Bounded): Error {
    if (signal?.aborted) return new ApiError({ method: 'GET', path, kind: 'aborted', retryable: false });
    const failure = limit.aborted ? overLimit(limitMs) : classifyTransportError(err, this.#timeouts);
    return new ApiError(this.#transportInit('GET', path, err, failure));
  }

  #transportInit(
    method: string,
    path: string,
    err: unknown,
    failure: TransportFailure,
    attempts?: number,
  ): ApiErrorInit {
    return {
      method,
      path,
      kind: failure.kind,
      retryable: failure.retryable,
      ...(attempts !== undefined ? { attempts } : {}),
      detail: this.#redact(failure.detail),
      cause: sanitizeCause(err, this.#redact),
      ...(failure.code !== undefined ? { code: failure.code } : {}),
    };
  }

  #log(line: string): void {
    if (!this.#debug) return;
    try {
      this.#debug(this.#redact(line));
    } catch {
      // A failing log sink must not fail the call it describes.
    }
  }
}

/** An attempt that outlasted its total limit, however steadily the bytes came. */
function overLimit(limitMs: number): TransportFailure {
  return {
    kind: 'timeout',
    code: 'ERR_TOTAL_TIMEOUT',
    detail: `no complete answer within ${limitMs} ms`,
    mayHaveReachedServer: true,
    retryable: true,
  };
}
