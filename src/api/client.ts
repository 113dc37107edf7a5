// The API v3 client: one method per endpoint, each validated before sending and parsed tolerantly
// after receiving. Sending, retrying and the token's safety are the exchange layer's (exchange.ts).

import {
  artifactRequestHeaders,
  describeArtifactAnswer,
  settleArtifactAnswer,
  type ArtifactFrom,
  type ArtifactRead,
  type ArtifactRedirect,
} from './artifact-read.ts';
import { normaliseApiUrl } from './base-url.ts';
import { jsonReader } from './body.ts';
import { Exchanger } from './exchange.ts';
import type { CallOptions, ExchangeOptions } from './exchange-types.ts';
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
import * as requests from './requests.ts';
import type { RequestSpec } from './requests.ts';
import { ContractError, UrlRefusedError } from './errors.ts';
import { parseContentRange, type StepLogRead } from './step-log-read.ts';
import type { Build } from './types.ts';

/** Redirects followed from a step's `artifactsUrl` to its archive, each hop checked. */
const MAX_REDIRECTS = 5;

export interface ClientOptions extends ExchangeOptions {
  /** Service root or its `/api/v3` root; `/api/v3` is appended unless present. */
  baseUrl: string;
}

export class ApiClient {
  /** Normalised API root, ending in `/api/v3`. */
  readonly apiUrl: string;
  /** The largest page the run-like lists take (runs, builds, deploys, workflows). */
  readonly pageSize = 20;
  readonly #exchanger: Exchanger;

  constructor(options: ClientOptions) {
    this.apiUrl = normaliseApiUrl(options.baseUrl);
    this.#exchanger = new Exchanger(this.apiUrl, options);
  }

  // One method per JSON endpoint: its request builder, how many arguments that takes (optional ones
  // included; the next one is the call's options), and the reader of its body.

  // Applications
  readonly listApplications = this.#endpoint(requests.listApplicationsRequest, 2, list(parseApplicationRef));
  readonly getApplication = this.#endpoint(requests.getApplicationRequest, 2, parseApplication);
  readonly setIgnoredBranches = this.#endpoint(requests.setIgnoredBranchesRequest, 3, parseApplication);

  // Builds and deploys (classic stack)
  readonly listBuilds = this.#endpoint(requests.listBuildsRequest, 3, list(parseBuild));
  readonly getBuild = this.#endpoint(requests.getBuildRequest, 1, parseBuild);
  readonly triggerBuild = this.#endpoint(requests.triggerBuildRequest, 1, parseBuild);
  readonly listDeploys = this.#endpoint(requests.listDeploysRequest, 3, list(parseDeploy));

  // Runs (workflow stack)
  readonly listRuns = this.#endpoint(requests.listRunsRequest, 1, list(parseRun));
  readonly getRun = this.#endpoint(requests.getRunRequest, 1, parseRun);
  readonly getRunSteps = this.#endpoint(requests.getRunStepsRequest, 1, list(parseStep));
  readonly triggerRun = this.#endpoint(requests.triggerRunRequest, 1, parseRun);
  readonly abortRun = this.#endpoint(requests.abortRunRequest, 1, parseRun);

  // Workflows and pipelines
  readonly listWorkflows = this.#endpoint(requests.listWorkflowsRequest, 1, list(parseWorkflow));
  readonly getWorkflow = this.#endpoint(requests.getWorkflowRequest, 1, parseWorkflow);
  readonly listPipelines = this.#endpoint(requests.listPipelinesRequest, 3, list(parsePipeline));
  readonly getPipeline = this.#endpoint(requests.getPipelineRequest, 1, parsePipelineWithApplication);

  /**
   * `PUT /builds/:buildId/abort`, built from the API root and the id, never from a URL the server sent;
   * a server without it answers 404/405, reported with `unsupported: true`.
   */
  async abortBuild(id: string, call?: CallOptions): Promise<Build> {
    const url = new URL(`${this.apiUrl}${requests.getBuildRequest(id).path}/abort`);
    return this.#exchanger.send(
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
        read: jsonReader('PUT /builds/:buildId/abort', (body) =>
          parseBody(body, 'PUT /builds/:buildId/abort', parseBuild),
        ),
      },
      call,
    );
  }

  /**
   * Opens a step log (plain text) and hands out its bytes as they arrive; nothing is buffered
   * whole. Fetched only from the API's origin or an origin in `extraOrigins`, never from a local or
   * metadata address the API is not on (origins.ts); the token goes to the API's origin alone.
   */
  async openStepLog(logUrl: string, call?: CallOptions): Promise<AsyncIterable<Uint8Array>> {
    const url = await this.#exchanger.serverUrl(logUrl, 'logUrl');
    return this.#exchanger.send(
      {
        method: 'GET',
        endpoint: 'GET :logUrl',
        url,
        field: 'logUrl',
        accept: 'text/plain, */*',
        retry: true,
        trigger: false,
        read: async (response, path, bounded) => this.#exchanger.stream(response, path, bounded),
      },
      call,
    );
  }

  /**
   * Reads a step's log from byte `from` on (`Range: bytes=N-`), for following a log while it grows: a 206
   * is the part asked for, a 200 the whole log (the server ignored the range), a 416 nothing new (with
   * the log's length, which may be below `from` when the log started over), a 404 no log yet. The same
   * origin rules as openStepLog apply.
   */
  async readStepLog(logUrl: string, from: number, call?: CallOptions): Promise<StepLogRead> {
    if (!Number.isSafeInteger(from) || from < 0)
      throw new RangeError(`from must be a byte offset, not ${from}`);
    const url = await this.#exchanger.serverUrl(logUrl, 'logUrl');
    const endpoint = 'GET :logUrl';
    return this.#exchanger.send<StepLogRead>(
      {
        method: 'GET',
        endpoint,
        url,
        field: 'logUrl',
        accept: 'text/plain, */*',
        // Without compression: the offsets are those of the log's own bytes.
        headers: { range: `bytes=${from}-`, 'accept-encoding': 'identity' },
        retry: true,
        trigger: false,
        settle: (response) => {
          if (response.statusCode === 404) return { kind: 'not-yet' };
          if (response.statusCode !== 416) return undefined;
          const range = parseContentRange(response.headers['content-range']);
          return range?.totalLength !== undefined
            ? { kind: 'nothing-new', totalLength: range.totalLength }
            : { kind: 'nothing-new' };
        },
        read: async (response, path, bounded) => {
          const body = () => this.#exchanger.stream(response, path, bounded);
          if (response.statusCode !== 206) return { kind: 'whole', body: body() };
          const range = parseContentRange(response.headers['content-range']);
          if (range?.start === undefined) {
            await response.body.dump().catch(() => undefined);
            throw new ContractError(endpoint, 'Content-Range', 'is missing or not a single byte range');
          }
          return {
            kind: 'partial',
            start: range.start,
            body: body(),
            ...(range.totalLength !== undefined ? { totalLength: range.totalLength } : {}),
          };
        },
      },
      call,
    );
  }

  /**
   * One read of a step's artifacts: the whole archive, or with `from` the rest of the same version from
   * `from.offset` on (`Range` with `If-Range`). Redirects are followed here, at most 5, each hop checked
   * as the URL itself was: only to the API's origin or an origin in `extraOrigins`, the token to the API's
   * origin alone. No total time limit: the caller's signal bounds the read (the idle timeouts hold).
   * Refusals are UrlRefusedErrors naming the origin, never the URL's path or query.
   */
  async readArtifact(
    artifactsUrl: string,
    from: ArtifactFrom | undefined,
    call?: CallOptions,
  ): Promise<ArtifactRead> {
    if (from !== undefined && (!Number.isSafeInteger(from.offset) || from.offset < 0))
      throw new RangeError(`from.offset must be a byte offset, not ${from.offset}`);
    const field = 'artifactsUrl';
    const endpoint = 'GET :artifactsUrl';
    let url = await this.#exchanger.serverUrl(artifactsUrl, field);
    for (let hops = 0; ; hops++) {
      const onApiOrigin = url.origin === new URL(this.apiUrl).origin;
      const answer = await this.#exchanger.send<ArtifactRead | ArtifactRedirect>(
        {
          method: 'GET',
          endpoint,
          url,
          field,
          accept: '*/*',
          headers: artifactRequestHeaders(from),
          unbounded: true,
          retry: true,
          trigger: false,
          settle: settleArtifactAnswer,
          // The hints speak of the token, which only the API's origin is sent.
          onHttpError: ({ hint, ...init }) => (onApiOrigin && hint !== undefined ? { ...init, hint } : init),
          read: async (response, path, bounded) => {
            const described = describeArtifactAnswer(response);
            if (described === undefined) {
              await response.body.dump().catch(() => undefined);
              throw new ContractError(endpoint, 'Content-Range', 'is missing or not a single byte range');
            }
            const { start, ...rest } = described;
            const body = this.#exchanger.stream(response, path, bounded);
            return rest.kind === 'partial' ? { ...rest, start, body } : { ...rest, kind: 'whole', body };
          },
        },
        call,
      );
      if (answer.kind !== 'redirect') return answer;
      if (hops === MAX_REDIRECTS) {
        throw new ContractError(endpoint, 'Location', `leads through more than ${MAX_REDIRECTS} redirects`);
      }
      url = await this.#redirect(answer.location, url, endpoint, field);
    }
  }

  /** Where a redirect leads, checked by the origin policy like the URL the server handed out. */
  async #redirect(location: string | undefined, from: URL, endpoint: string, field: string): Promise<URL> {
    let next: URL;
    try {
      if (location === undefined) throw new TypeError('no Location');
      next = new URL(location, from);
    } catch {
      throw new ContractError(endpoint, 'Location', 'of a redirect is missing or not a valid URL');
    }
    try {
      return await this.#exchanger.serverUrl(next.href, field);
    } catch (err) {
      if (!(err instanceof UrlRefusedError)) throw err;
      throw new UrlRefusedError(field, `not following a redirect of ${field}: ${err.message}`);
    }
  }

  /** Closes the dispatcher the client created; a dispatcher passed in is left to its owner. */
  async close(): Promise<void> {
    await this.#exchanger.close();
  }

  #endpoint<A extends unknown[], T>(
    request: (...args: A) => RequestSpec,
    arity: Required<A>['length'],
    parser: Parser<T>,
  ): (...args: [...A, call?: CallOptions]) => Promise<T> {
    // Async, so that a request that breaks a rule rejects rather than throws.
    return async (...args) =>
      this.#json(request(...(args.slice(0, arity) as A)), parser, args[arity] as CallOptions);
  }

  #json<T>(spec: RequestSpec, parser: Parser<T>, call: CallOptions | undefined): Promise<T> {
    return this.#exchanger.send(
      {
        method: spec.method,
        endpoint: spec.endpoint,
        url: new URL(`${this.apiUrl}${spec.path}`),
        body: spec.body,
        retry: spec.method === 'GET' || spec.method === 'PUT',
        trigger: spec.method === 'POST',
        read: jsonReader(spec.endpoint, (body) => parseBody(body, spec.endpoint, parser)),
      },
      call,
    );
  }
}

function list<T>(
  item: (value: unknown, at: { endpoint: string; path: string }, index: number) => T,
): Parser<T[]> {
  return (value, at) => parseListBody(value, at.endpoint, item);
}
