// The API v3 client: one method per endpoint, each validated before sending, parsed tolerantly
// after receiving, and sent through one undici dispatcher with timeouts and a retry policy.
// Reads and aborts are retried; triggers never are (see TriggerOutcomeUnknownError).

import { request, type Dispatcher } from 'undici';
import { realSleep, systemClock, type Clock, type Sleep } from '../time.ts';
import { createDispatcher, DEFAULT_TIMEOUTS, type Timeouts } from './dispatcher.ts';
import {
  ApiError,
  ContractError,
  outcomeAdvice,
  RequestValidationError,
  TriggerOutcomeUnknownError,
  type ApiErrorInit,
} from './errors.ts';
import { hintFor, serverMessageFrom } from './http-errors.ts';
import {
  parseApplication,
  parseApplicationRef,
  parseBody,
  parseBuild,
  parseDeploy,
  parseListBody,
  parsePipeline,
  parsePipelineWithApplication,
  parseRun,
  parseStep,
  parseWorkflow,
  type Parser,
} from './parse.ts';
import { createRedactor, sanitizeCause, type Redactor } from './redact.ts';
import * as requests from './requests.ts';
import type { HttpMethod, RequestSpec } from './requests.ts';
import {
  isRetryableStatus,
  parseRetryAfter,
  planRetry,
  resolveRetryPolicy,
  type RetryPolicy,
} from './retry.ts';
import { classifyTransportError, readTextPrefix, streamBody } from './transport.ts';
import type {
  Application,
  ApplicationListOptions,
  ApplicationRef,
  Build,
  BuildFilters,
  BuildTrigger,
  Deploy,
  DeployFilters,
  PageOptions,
  Pipeline,
  Run,
  RunFilters,
  RunTrigger,
  Step,
  Workflow,
  WorkflowFilters,
} from './types.ts';

export { createDispatcher, DEFAULT_TIMEOUTS, type Timeouts } from './dispatcher.ts';
export { paginate } from './paginate.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.ts';

export interface ClientOptions {
  /** Service root or its `/api/v3` root; `/api/v3` is appended unless present. */
  baseUrl: string;
  token?: string;
  userAgent?: string;
  timeouts?: Timeouts;
  retry?: Partial<RetryPolicy>;
  clock?: Clock;
  sleep?: Sleep;
  /** Receives one line per request attempt (method, path, outcome, duration); the token never appears. */
  debug?: (line: string) => void;
  /** Default: `createDispatcher(process.env, timeouts)`, closed by `close()`. A given one is left open. */
  dispatcher?: Dispatcher;
  /** Source of jitter in [0, 1). */
  random?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Epoch ms on the client's clock: no retry or backoff goes past it. */
  deadline?: number;
  retry?: Partial<RetryPolicy>;
}

export const DEFAULT_USER_AGENT = 'ci-run-action';

interface Exchange<T> {
  method: HttpMethod;
  endpoint: string;
  url: URL;
  body?: unknown;
  accept?: string;
  /** Reads (GET) and aborts (PUT) may be sent again. */
  retry: boolean;
  /** A POST that creates something: failures after sending become TriggerOutcomeUnknownError. */
  trigger: boolean;
  /** Adjusts the error of a non-2xx answer, e.g. to mark an endpoint the server lacks. */
  onHttpError?: (init: ApiErrorInit) => ApiErrorInit;
  read: (response: Dispatcher.ResponseData, path: string) => Promise<T>;
}

type Outcome<T> =
  | { ok: true; value: T; status: number }
  | { ok: false; init: ApiErrorInit; outcomeUnknown: boolean; label: string }
  | { ok: false; contract: ContractError; label: string };

/** `https://host/x/` → `https://host/x/api/v3`; refuses anything but plain http(s) URLs. */
export function normaliseApiUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new RequestValidationError('baseUrl', `baseUrl is not a valid URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RequestValidationError('baseUrl', `baseUrl must use http or https (got ${url.protocol})`);
  }
  if (url.username || url.password) {
    throw new RequestValidationError(
      'baseUrl',
      'baseUrl must not contain credentials; pass the token instead',
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  const apiPath = /\/api\/v3$/i.test(path) ? path : `${path}/api/v3`;
  return `${url.origin}${apiPath}`;
}

export class ApiClient {
  /** Normalised API root, ending in `/api/v3`. */
  readonly apiUrl: string;
  readonly #origin: string;
  readonly #secure: boolean;
  readonly #token: string | undefined;
  readonly #userAgent: string;
  readonly #timeouts: Required<Timeouts>;
  readonly #retry: Partial<RetryPolicy> | undefined;
  readonly #clock: Clock;
  readonly #sleep: Sleep;
  readonly #debug: ((line: string) => void) | undefined;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #random: () => number;
  readonly #redact: Redactor;

  constructor(options: ClientOptions) {
    this.apiUrl = normaliseApiUrl(options.baseUrl);
    const api = new URL(this.apiUrl);
    this.#origin = api.origin;
    this.#secure = api.protocol === 'https:';
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
    this.#timeouts = { ...DEFAULT_TIMEOUTS };
    for (const key of Object.keys(DEFAULT_TIMEOUTS) as (keyof Timeouts)[]) {
      const value = options.timeouts?.[key];
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
        throw new RequestValidationError(
          `timeouts.${key}`,
          `timeouts.${key} must be a positive integer of ms`,
        );
      }
      this.#timeouts[key] = value;
    }
    resolveRetryPolicy(options.retry);
    this.#retry = options.retry;
    this.#clock = options.clock ?? systemClock;
    this.#sleep = options.sleep ?? realSleep;
    this.#debug = options.debug;
    this.#random = options.random ?? Math.random;
    this.#redact = createRedactor([this.#token]);
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#dispatcher = options.dispatcher ?? createDispatcher(process.env, this.#timeouts);
  }

  // Applications

  async listApplications(
    owner: string,
    options?: ApplicationListOptions,
    call?: CallOptions,
  ): Promise<ApplicationRef[]> {
    return this.#json(requests.listApplicationsRequest(owner, options), list(parseApplicationRef), call);
  }

  async getApplication(owner: string, name: string, call?: CallOptions): Promise<Application> {
    return this.#json(requests.getApplicationRequest(owner, name), parseApplication, call);
  }

  async setIgnoredBranches(
    owner: string,
    name: string,
    branches: string[],
    call?: CallOptions,
  ): Promise<Application> {
    return this.#json(requests.setIgnoredBranchesRequest(owner, name, branches), parseApplication, call);
  }

  // Builds and deploys (classic stack)

  async listBuilds(
    owner: string,
    name: string,
    filters?: BuildFilters,
    call?: CallOptions,
  ): Promise<Build[]> {
    return this.#json(requests.listBuildsRequest(owner, name, filters), list(parseBuild), call);
  }

  async getBuild(id: string, call?: CallOptions): Promise<Build> {
    return this.#json(requests.getBuildRequest(id), parseBuild, call);
  }

  async triggerBuild(payload: BuildTrigger, call?: CallOptions): Promise<Build> {
    return this.#json(requests.triggerBuildRequest(payload), parseBuild, call);
  }

  /** `PUT <build.url>/abort`; a server without it answers 404/405, reported with `unsupported: true`. */
  async abortBuild(build: { id: string; url: string }, call?: CallOptions): Promise<Build> {
    const base = build?.url
      ? this.#serverUrl(build.url, 'build.url')
      : new URL(`${this.apiUrl}${requests.getBuildRequest(build?.id).path}`);
    const url = new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}/abort`);
    return this.#execute(
      {
        method: 'PUT',
        endpoint: 'PUT /builds/:buildId/abort',
        url,
        body: {},
        retry: true,
        trigger: false,
        onHttpError: (init) =>
          init.status === 404 || init.status === 405
            ? { ...init, unsupported: true, hint: 'this server offers no build abort' }
            : init,
        read: jsonReader('PUT /builds/:buildId/abort', parseBuild),
      },
      call,
    );
  }

  async listDeploys(
    owner: string,
    name: string,
    filters?: DeployFilters,
    call?: CallOptions,
  ): Promise<Deploy[]> {
    return this.#json(requests.listDeploysRequest(owner, name, filters), list(parseDeploy), call);
  }

  // Runs (workflow stack)

  async listRuns(filters: RunFilters, call?: CallOptions): Promise<Run[]> {
    return this.#json(requests.listRunsRequest(filters), list(parseRun), call);
  }

  async getRun(id: string, call?: CallOptions): Promise<Run> {
    return this.#json(requests.getRunRequest(id), parseRun, call);
  }

  async getRunSteps(id: string, call?: CallOptions): Promise<Step[]> {
    return this.#json(requests.getRunStepsRequest(id), list(parseStep), call);
  }

  async triggerRun(payload: RunTrigger, call?: CallOptions): Promise<Run> {
    return this.#json(requests.triggerRunRequest(payload), parseRun, call);
  }

  async abortRun(id: string, call?: CallOptions): Promise<Run> {
    return this.#json(requests.abortRunRequest(id), parseRun, call);
  }

  // Workflows and pipelines

  async listWorkflows(filters: WorkflowFilters, call?: CallOptions): Promise<Workflow[]> {
    return this.#json(requests.listWorkflowsRequest(filters), list(parseWorkflow), call);
  }

  async getWorkflow(id: string, call?: CallOptions): Promise<Workflow> {
    return this.#json(requests.getWorkflowRequest(id), parseWorkflow, call);
  }

  async listPipelines(
    owner: string,
    name: string,
    page?: PageOptions,
    call?: CallOptions,
  ): Promise<Pipeline[]> {
    return this.#json(requests.listPipelinesRequest(owner, name, page), list(parsePipeline), call);
  }

  async getPipeline(id: string, call?: CallOptions): Promise<Pipeline & { application?: ApplicationRef }> {
    return this.#json(requests.getPipelineRequest(id), parsePipelineWithApplication, call);
  }

  /**
   * Opens a step log (plain text) and hands out its bytes as they arrive; nothing is buffered
   * whole. The token goes only to the API's origin, and an http URL is refused when the API is https.
   */
  async openStepLog(logUrl: string, call?: CallOptions): Promise<AsyncIterable<Uint8Array>> {
    const url = this.#serverUrl(logUrl, 'logUrl');
    return this.#execute(
      {
        method: 'GET',
        endpoint: 'GET :logUrl',
        url,
        accept: 'text/plain, */*',
        retry: true,
        trigger: false,
        read: async (response, path) =>
          streamBody(response.body, (err) => this.#streamError(path, err, call?.signal)),
      },
      call,
    );
  }

  /** Closes the dispatcher the client created; a dispatcher passed in is left to its owner. */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  #json<T>(spec: RequestSpec, parser: Parser<T>, call: CallOptions | undefined): Promise<T> {
    return this.#execute(
      {
        method: spec.method,
        endpoint: spec.endpoint,
        url: new URL(`${this.apiUrl}${spec.path}`),
        body: spec.body,
        retry: spec.method === 'GET' || spec.method === 'PUT',
        trigger: spec.method === 'POST',
        read: jsonReader(spec.endpoint, parser),
      },
      call,
    );
  }

  /** A URL the server handed out: resolved against the API, checked against the https rule. */
  #serverUrl(raw: string, field: string): URL {
    let url: URL;
    try {
      url = new URL(raw, `${this.apiUrl}/`);
    } catch {
      throw new RequestValidationError(field, `${field} is not a valid URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RequestValidationError(field, `${field} must be an http or https URL (got ${url.protocol})`);
    }
    if (this.#secure && url.protocol === 'http:') {
      throw new RequestValidationError(
        field,
        `refusing to fetch ${field} over plain http while the API uses https`,
      );
    }
    url.username = '';
    url.password = '';
    url.hash = '';
    return url;
  }

  #describe(url: URL): string {
    const where = url.origin === this.#origin ? '' : url.origin;
    return this.#redact(`${where}${url.pathname}${url.search}`);
  }

  async #execute<T>(exchange: Exchange<T>, call: CallOptions = {}): Promise<T> {
    const policy = resolveRetryPolicy(this.#retry, call.retry);
    const path = this.#describe(exchange.url);
    const startedAt = this.#clock.now();
    for (let attempt = 1; ; attempt++) {
      if (call.signal?.aborted) throw this.#abortedError(exchange, path, attempt - 1);
      const began = this.#clock.now();
      const outcome = await this.#attempt(exchange, path, attempt, call.signal);
      const took = `${Math.max(0, this.#clock.now() - began)} ms`;
      const tag = `attempt ${attempt}/${exchange.retry ? policy.maxAttempts : 1}`;
      if (outcome.ok) {
        this.#log(`${exchange.method} ${path} → ${outcome.status} in ${took} (${tag})`);
        return outcome.value;
      }
      if ('contract' in outcome) {
        this.#log(
          `${exchange.method} ${path} → ${outcome.label} in ${took} (${tag}): ${outcome.contract.message}`,
        );
        throw outcome.contract;
      }
      const { init } = outcome;
      if (outcome.outcomeUnknown) {
        this.#log(
          `${exchange.method} ${path} → ${outcome.label} in ${took} (${tag}; outcome unknown, not retried)`,
        );
        throw new TriggerOutcomeUnknownError(init);
      }
      if (!exchange.retry || !init.retryable || init.kind === 'aborted') {
        this.#log(`${exchange.method} ${path} → ${outcome.label} in ${took} (${tag})`);
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
          `${exchange.method} ${path} → ${outcome.label} in ${took} (${tag}; giving up: ${decision.reason})`,
        );
        // Running out of attempts needs no note: the message already counts them.
        throw new ApiError(decision.exhausted ? init : { ...init, note: `gave up: ${decision.reason}` });
      }
      this.#log(
        `${exchange.method} ${path} → ${outcome.label} in ${took} (${tag}; retrying in ${decision.delayMs} ms)`,
      );
      try {
        await this.#sleep(decision.delayMs, call.signal);
      } catch (err) {
        if (call.signal?.aborted) throw this.#abortedError(exchange, path, attempt);
        throw err;
      }
    }
  }

  async #attempt<T>(
    exchange: Exchange<T>,
    path: string,
    attempt: number,
    signal: AbortSignal | undefined,
  ): Promise<Outcome<T>> {
    const headers: Record<string, string> = {
      accept: exchange.accept ?? 'application/json',
      'user-agent': this.#userAgent,
    };
    if (exchange.body !== undefined) headers['content-type'] = 'application/json';
    // The token goes to the API's own origin only, never to URLs on other hosts.
    if (this.#token && exchange.url.origin === this.#origin) headers.authorization = `Bearer ${this.#token}`;

    let response: Dispatcher.ResponseData;
    try {
      response = await request(exchange.url, {
        method: exchange.method,
        headers,
        ...(exchange.body !== undefined ? { body: JSON.stringify(exchange.body) } : {}),
        ...(signal ? { signal } : {}),
        dispatcher: this.#dispatcher,
        headersTimeout: this.#timeouts.headersMs,
        bodyTimeout: this.#timeouts.bodyMs,
      });
    } catch (err) {
      return this.#failure(exchange, path, attempt, err, signal, false);
    }

    const { statusCode } = response;
    if (statusCode < 200 || statusCode > 299) {
      const text = await readTextPrefix(response.body).catch(() => '');
      const serverMessage = this.#redact(serverMessageFrom(statusCode, text));
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

    try {
      return { ok: true, value: await exchange.read(response, path), status: statusCode };
    } catch (err) {
      if (!(err instanceof ContractError)) return this.#failure(exchange, path, attempt, err, signal, true);
      if (!exchange.trigger) return { ok: false, contract: err, label: `${statusCode} (unusable body)` };
      return {
        ok: false,
        outcomeUnknown: true,
        label: `${statusCode} (unusable body)`,
        init: {
          method: exchange.method,
          path,
          kind: 'http',
          status: statusCode,
          retryable: false,
          attempts: attempt,
          message: `${exchange.method} ${path} answered ${statusCode} with an unusable body (${err.message}); ${outcomeAdvice(path)}`,
          cause: sanitizeCause(err, this.#redact),
        },
      };
    }
  }

  /** A transport failure (or abort) as an outcome; `afterHeaders` when the response had begun. */
  #failure<T>(
    exchange: Exchange<T>,
    path: string,
    attempt: number,
    err: unknown,
    signal: AbortSignal | undefined,
    afterHeaders: boolean,
  ): Outcome<T> {
    if (signal?.aborted) {
      return {
        ok: false,
        init: { method: exchange.method, path, kind: 'aborted', retryable: false, attempts: attempt },
        // The request was on its way: a trigger may have been created.
        outcomeUnknown: exchange.trigger,
        label: 'aborted',
      };
    }
    const failure = classifyTransportError(err, this.#timeouts);
    const init: ApiErrorInit = {
      method: exchange.method,
      path,
      kind: failure.kind,
      retryable: failure.retryable,
      attempts: attempt,
      detail: this.#redact(failure.detail),
      cause: sanitizeCause(err, this.#redact),
      ...(failure.code !== undefined ? { code: failure.code } : {}),
    };
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

  #streamError(path: string, err: unknown, signal: AbortSignal | undefined): Error {
    if (signal?.aborted) return new ApiError({ method: 'GET', path, kind: 'aborted', retryable: false });
    const failure = classifyTransportError(err, this.#timeouts);
    return new ApiError({
      method: 'GET',
      path,
      kind: failure.kind,
      retryable: failure.retryable,
      detail: this.#redact(failure.detail),
      cause: sanitizeCause(err, this.#redact),
      ...(failure.code !== undefined ? { code: failure.code } : {}),
    });
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

function list<T>(
  item: (value: unknown, at: { endpoint: string; path: string }, index: number) => T,
): Parser<T[]> {
  return (value, at) => parseListBody(value, at.endpoint, item);
}

function jsonReader<T>(endpoint: string, parser: Parser<T>) {
  return async (response: Dispatcher.ResponseData): Promise<T> => {
    const text = await response.body.text();
    if (text.trim() === '') throw new ContractError(endpoint, '(body)', 'is empty (expected JSON)');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ContractError(endpoint, '(body)', 'is not valid JSON');
    }
    return parseBody(body, endpoint, parser);
  };
}
