// The API v3 client: one method per endpoint, each validated before sending and parsed tolerantly
// after receiving. Sending, retrying and the token's safety are the exchange layer's (exchange.ts).

import { normaliseApiUrl } from './base-url.ts';
import { jsonReader } from './body.ts';
import { Exchanger, type CallOptions, type ExchangeOptions } from './exchange.ts';
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

export interface ClientOptions extends ExchangeOptions {
  /** Service root or its `/api/v3` root; `/api/v3` is appended unless present. */
  baseUrl: string;
}

export class ApiClient {
  /** Normalised API root, ending in `/api/v3`. */
  readonly apiUrl: string;
  readonly #exchanger: Exchanger;

  constructor(options: ClientOptions) {
    this.apiUrl = normaliseApiUrl(options.baseUrl);
    this.#exchanger = new Exchanger(this.apiUrl, options);
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
      ? this.#exchanger.serverUrl(build.url, 'build.url')
      : new URL(`${this.apiUrl}${requests.getBuildRequest(build?.id).path}`);
    const url = new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}/abort`);
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
    const url = this.#exchanger.serverUrl(logUrl, 'logUrl');
    return this.#exchanger.send(
      {
        method: 'GET',
        endpoint: 'GET :logUrl',
        url,
        accept: 'text/plain, */*',
        retry: true,
        trigger: false,
        read: async (response, path) => this.#exchanger.stream(response, path, call?.signal),
      },
      call,
    );
  }

  /** Closes the dispatcher the client created; a dispatcher passed in is left to its owner. */
  async close(): Promise<void> {
    await this.#exchanger.close();
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
