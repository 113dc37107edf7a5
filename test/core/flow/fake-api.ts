// A small fake of the core's API port: one application with one pipeline, runs and builds that move
// through their states on the virtual clock, and hooks to make any call fail the way a server can.
import { ApiError, TriggerOutcomeUnknownError } from '../../../src/api/errors.ts';
import type { Build, BuildTrigger, Run, RunTrigger, Step, Workflow } from '../../../src/api/types.ts';
import type { StepLogRead } from '../../../src/api/step-log-read.ts';
import type { ArtifactFrom, ArtifactRead, Validator } from '../../../src/api/artifact-read.ts';
import type { CallOptions, CiApi } from '../../../src/core/api-port.ts';

/** Any virtual clock the fake can read. */
interface Now {
  readonly now: number;
}

export const API_URL = 'https://ci.test/api/v3';
export const PIPELINE_ID = 'p0000000000000000000000a';
const APPLICATION_ID = 'a0000000000000000000000a';

export interface Script {
  /** From the trigger to the start. */
  queueMs: number;
  stepMs: number;
  steps: string[];
  /** The step (by index) that fails; the run then ends `failed` there. */
  failAt?: number;
  /** How a run that was not aborted ends instead, e.g. with a result the parser did not know. */
  ending?: Pick<Run, 'result' | 'rawResult'>;
}

interface Remote {
  id: string;
  kind: 'run' | 'build';
  createdAt: number;
  script: Script;
  trigger: RunTrigger | BuildTrigger;
  abortedAt?: number;
}

type Method = Exclude<keyof CiApi, 'apiUrl' | 'pageSize'>;
type Fault = (call: { method: Method; args: unknown[] }) => unknown;

export class FakeApi implements CiApi {
  readonly apiUrl = API_URL;
  readonly pageSize = 20;
  /** Every call, with the virtual time it came at. */
  readonly calls: Array<{ method: Method; args: unknown[]; at: number }> = [];
  script: Script = { queueMs: 2000, stepMs: 5000, steps: ['checkout', 'build', 'test'] };
  /** Scripts for the next runs or builds created, in order; `script` once they are used up. */
  nextScripts: Script[] = [];
  /** Builds and runs refuse an abort (400) until they have started, as real servers did. */
  readonly remotes = new Map<string, Remote>();
  readonly #faults: Array<{ method: Method; fault: Fault; times: number }> = [];
  readonly #time: Now;
  /** The pipelines of the one application. */
  pipelines: Array<{ id: string; name: string }> = [{ id: PIPELINE_ID, name: 'build' }];
  /** A script by pipeline id, before `nextScripts` and `script`. */
  scriptFor?: (pipelineId: string | undefined) => Script | undefined;
  #next = 1;
  /** Runs that exist before the test starts, newest first. */
  history: Run[] = [];
  workflowFor?: (run: Run) => Workflow | undefined;
  buildAbortSupported = true;
  /** A step's log, by its URL; by default two lines, the second an error. */
  stepLog = (logUrl: string): string => `log of ${logUrl.split('/').at(-2)}\nerror: something broke\n`;
  /** Where the builds' own `url` points; the abort must not follow it. */
  buildUrlBase = API_URL;

  constructor(time: Now) {
    this.#time = time;
  }

  /** The next `times` calls of `method` run `fault` first: it may throw, or act and then throw. */
  failNext(method: Method, fault: Fault, times = 1): void {
    this.#faults.push({ method, fault, times });
  }

  count(method: Method): number {
    return this.calls.filter((call) => call.method === method).length;
  }

  async getApplication(owner: string, name: string) {
    this.#enter('getApplication', [owner, name]);
    const stack = name === 'classic' ? 5 : 6;
    return { id: APPLICATION_ID, url: `${API_URL}/applications/${APPLICATION_ID}`, name, stack };
  }

  async listPipelines(owner: string, name: string) {
    this.#enter('listPipelines', [owner, name]);
    return this.pipelines;
  }

  async listRuns(filters: { pipelineId?: string } = {}) {
    this.#enter('listRuns', [filters]);
    const mine = (id: string | undefined) =>
      filters.pipelineId === undefined || id === undefined || id === filters.pipelineId;
    const created = [...this.remotes.values()]
      .filter((remote) => remote.kind === 'run' && mine((remote.trigger as RunTrigger).pipelineId))
      .reverse();
    const history = this.history.filter((run) => mine(run.pipeline?.id));
    return [...created.map((remote) => this.#run(remote)), ...history].slice(0, 20);
  }

  async getRun(id: string, call?: CallOptions) {
    this.#enter('getRun', [id, call]);
    const remote = this.remotes.get(id);
    if (remote) return this.#run(remote);
    const old = this.history.find((run) => run.id === id);
    if (old) return old;
    throw httpError('GET', `/runs/${id}`, 404);
  }

  async getRunSteps(id: string, call?: CallOptions) {
    this.#enter('getRunSteps', [id, call]);
    const remote = this.remotes.get(id);
    return remote ? this.#steps(remote) : [];
  }

  async triggerRun(payload: RunTrigger) {
    this.#enter('triggerRun', [payload]);
    return this.#run(this.create('run', payload));
  }

  async abortRun(id: string) {
    this.#enter('abortRun', [id]);
    return this.#run(this.#abort(id, 'PUT', `/runs/${id}/abort`));
  }

  async listBuilds() {
    this.#enter('listBuilds', []);
    const created = [...this.remotes.values()].filter((remote) => remote.kind === 'build').reverse();
    return created.map((remote) => this.#build(remote));
  }

  async getBuild(id: string) {
    this.#enter('getBuild', [id]);
    const remote = this.remotes.get(id);
    if (!remote) throw httpError('GET', `/builds/${id}`, 404);
    return this.#build(remote);
  }

  async triggerBuild(payload: BuildTrigger) {
    this.#enter('triggerBuild', [payload]);
    return this.#build(this.create('build', payload));
  }

  async abortBuild(id: string) {
    this.#enter('abortBuild', [id]);
    if (!this.buildAbortSupported) {
      throw new ApiError({ ...httpInit('PUT', `/builds/${id}/abort`, 404), unsupported: true });
    }
    return this.#build(this.#abort(id, 'PUT', `/builds/${id}/abort`));
  }

  async listWorkflows() {
    this.#enter('listWorkflows', []);
    const runs = [...this.remotes.values()].filter((remote) => remote.kind === 'run');
    return runs.flatMap((remote) => this.workflowFor?.(this.#run(remote)) ?? []);
  }

  async getWorkflow(id: string) {
    this.#enter('getWorkflow', [id]);
    const found = (await this.listWorkflows()).find((workflow) => workflow.id === id);
    if (!found) throw httpError('GET', `/workflows/${id}`, 404);
    return found;
  }

  async openStepLog(logUrl: string) {
    this.#enter('openStepLog', [logUrl]);
    const text = this.stepLog(logUrl);
    return (async function* () {
      yield new TextEncoder().encode(text);
    })();
  }

  /**
   * A step's log from byte `from` on, as a server honouring Range answers (206, or nothing new with the
   * log's length); the whole log when `ignoresRange`. `logBody` hands the bytes out (in chunks, or failing).
   */
  async readStepLog(logUrl: string, from: number, call?: CallOptions): Promise<StepLogRead> {
    this.#enter('readStepLog', [logUrl, from, call]);
    const bytes = new TextEncoder().encode(this.stepLog(logUrl));
    if (this.ignoresRange) return { kind: 'whole', body: this.logBody(bytes) };
    if (from >= bytes.length) return { kind: 'nothing-new', totalLength: bytes.length };
    return { kind: 'partial', start: from, totalLength: bytes.length, body: this.logBody(bytes.slice(from)) };
  }

  /** The server answers a ranged log read with the whole log. */
  ignoresRange = false;
  /** How the bytes of a log read arrive; by default in one chunk. */
  logBody = (bytes: Uint8Array): AsyncIterable<Uint8Array> =>
    (async function* () {
      yield bytes;
    })();

  /**
   * A step's archive by its artifacts URL, as a server honouring Range with If-Range answers: the rest of
   * the same version from the offset asked for, else the whole archive; nothing there is `not-yet`.
   */
  async readArtifact(
    artifactsUrl: string,
    from: ArtifactFrom | undefined,
    call?: CallOptions,
  ): Promise<ArtifactRead> {
    this.#enter('readArtifact', [artifactsUrl, from, call]);
    const stored = this.artifacts.get(artifactsUrl);
    if (stored === undefined) return { kind: this.artifactsGone ? 'gone' : 'not-yet' };
    const { bytes, validator } = stored;
    const version = validator !== undefined ? { validator } : {};
    const asked = from?.validator?.etag ?? from?.validator?.lastModified;
    const same = asked === undefined || asked === (validator?.etag ?? validator?.lastModified);
    if (from !== undefined && from.offset > 0 && same && !this.ignoresRange) {
      const body = this.artifactBody(bytes.slice(from.offset), from.offset, call?.signal);
      return { kind: 'partial', start: from.offset, length: bytes.length, body, ...version };
    }
    return {
      kind: 'whole',
      length: bytes.length,
      body: this.artifactBody(bytes, 0, call?.signal),
      ...version,
    };
  }

  /** Archives that the steps of every run store, by step name: a finished step's `artifactsUrl` serves it. */
  readonly archivesByStep = new Map<string, Uint8Array>();

  #artifactsOf(stepId: string, name: string): { artifactsUrl?: string } {
    const bytes = this.archivesByStep.get(name);
    if (bytes === undefined) return {};
    const url = `${API_URL}/runsteps/${stepId}/artifacts`;
    if (!this.artifacts.has(url)) this.artifacts.set(url, { bytes, validator: { etag: `"${stepId}"` } });
    return { artifactsUrl: url };
  }

  /** The stored archives, by artifacts URL. */
  readonly artifacts = new Map<string, { bytes: Uint8Array; validator?: Validator }>();
  /** A URL with no archive answers `gone` rather than `not-yet`. */
  artifactsGone = false;
  /** How the bytes of an artifact read from `start` arrive (until `signal` aborts); by default in one chunk. */
  artifactBody = (bytes: Uint8Array, _start: number, _signal?: AbortSignal): AsyncIterable<Uint8Array> =>
    (async function* () {
      yield bytes;
    })();

  /** A run as the server would answer now, without counting a call. */
  runNow(id: string): Run {
    return this.#run(this.remotes.get(id)!);
  }

  /** Creates remote work directly, as the server would for a request whose answer was lost. */
  create(kind: 'run' | 'build', trigger: RunTrigger | BuildTrigger): Remote {
    const id = `${kind === 'run' ? 'r' : 'b'}${String(this.#next++).padStart(23, '0')}`;
    const pipelineId = kind === 'run' ? (trigger as RunTrigger).pipelineId : undefined;
    const script = this.scriptFor?.(pipelineId) ?? this.nextScripts.shift() ?? this.script;
    const remote: Remote = { id, kind, createdAt: this.#time.now, script, trigger };
    this.remotes.set(id, remote);
    return remote;
  }

  /** Runs before every call, after `failNext`'s: it may throw, for as long as it likes. */
  everyCall?: Fault;

  #enter(method: Method, args: unknown[]): void {
    this.calls.push({ method, args, at: this.#time.now });
    this.everyCall?.({ method, args });
    const index = this.#faults.findIndex((entry) => entry.method === method);
    if (index < 0) return;
    const entry = this.#faults[index]!;
    entry.times -= 1;
    if (entry.times <= 0) this.#faults.splice(index, 1);
    entry.fault({ method, args });
  }

  #abort(id: string, method: string, path: string): Remote {
    const remote = this.remotes.get(id);
    if (!remote) throw httpError(method, path, 404);
    const state = this.#state(remote);
    if (state.status === 'finished') throw httpError(method, path, 400);
    if (state.status === 'notstarted') throw httpError(method, path, 400);
    remote.abortedAt = this.#time.now;
    return remote;
  }

  #state(remote: Remote) {
    const { script } = remote;
    const now = this.#time.now;
    const startAt = remote.createdAt + script.queueMs;
    const failAt = script.failAt ?? script.steps.length;
    const ranSteps = Math.min(failAt + 1, script.steps.length);
    const naturalEnd = startAt + ranSteps * script.stepMs;
    const endAt = remote.abortedAt !== undefined ? Math.min(remote.abortedAt, naturalEnd) : naturalEnd;
    const result =
      remote.abortedAt !== undefined && remote.abortedAt < naturalEnd
        ? 'aborted'
        : script.failAt !== undefined
          ? 'failed'
          : 'passed';
    if (now < startAt) {
      return { status: 'notstarted', result: 'unknown', startAt, endAt, progress: 0 } as const;
    }
    if (now < endAt) {
      const progress = Math.floor(((now - startAt) / (naturalEnd - startAt)) * 100);
      return { status: 'running', result: 'unknown', startAt, endAt, progress } as const;
    }
    const ending = result !== 'aborted' ? script.ending : undefined;
    return { status: 'finished', result, startAt, endAt, progress: 100, ...ending } as const;
  }

  #run(remote: Remote): Run {
    const state = this.#state(remote);
    const trigger = remote.trigger as RunTrigger;
    return {
      id: remote.id,
      url: `${API_URL}/runs/${remote.id}`,
      status: state.status,
      result: state.result,
      ...('rawResult' in state ? { rawResult: state.rawResult } : {}),
      progress: state.progress,
      createdAt: new Date(remote.createdAt),
      ...(state.status !== 'notstarted' ? { startedAt: new Date(state.startAt) } : {}),
      ...(state.status === 'finished' ? { finishedAt: new Date(state.endAt) } : {}),
      ...(trigger.branch !== undefined ? { branch: trigger.branch } : {}),
      ...(trigger.message !== undefined ? { message: trigger.message } : {}),
      ...(trigger.commitHash !== undefined ? { commitHash: trigger.commitHash } : {}),
      envVars: trigger.envVars ?? [],
      ...(trigger.sourceRunId !== undefined ? { sourceRunId: trigger.sourceRunId } : {}),
      pipeline: this.#pipelineOf(trigger.pipelineId),
    };
  }

  #pipelineOf(id: string | undefined): { id: string; name: string } {
    return this.pipelines.find((pipeline) => pipeline.id === id) ?? { id: id ?? PIPELINE_ID, name: 'build' };
  }

  #build(remote: Remote): Build {
    const { envVars: _envVars, pipeline: _pipeline, sourceRunId: _source, ...build } = this.#run(remote);
    return { ...build, url: `${this.buildUrlBase}/builds/${remote.id}` };
  }

  #steps(remote: Remote): Step[] {
    const state = this.#state(remote);
    if (state.status === 'notstarted') return [];
    const now = this.#time.now;
    const { stepMs, failAt } = remote.script;
    return remote.script.steps.map((name, index): Step => {
      const from = state.startAt + index * stepMs;
      const end = Math.min(from + stepMs, state.endAt);
      const base = { id: `${remote.id}-s${index + 1}`, order: index + 1, name };
      const logUrl = `${API_URL}/runs/${remote.id}/steps/${index + 1}/log`;
      if (now < from || from >= state.endAt) return { ...base, status: 'notstarted', result: 'unknown' };
      if (now < end)
        return { ...base, status: 'running', result: 'unknown', startedAt: new Date(from), logUrl };
      const result =
        remote.abortedAt !== undefined && from + stepMs > remote.abortedAt
          ? 'aborted'
          : failAt === index
            ? 'failed'
            : 'passed';
      return {
        ...base,
        status: 'finished',
        result,
        startedAt: new Date(from),
        finishedAt: new Date(end),
        logUrl,
        ...this.#artifactsOf(base.id, name),
      };
    });
  }
}

function httpInit(method: string, path: string, status: number) {
  return { method, path, kind: 'http' as const, status, retryable: status >= 500 || status === 429 };
}

export function httpError(method: string, path: string, status: number): ApiError {
  return new ApiError(httpInit(method, path, status));
}

export function lostResponse(method = 'POST', path = '/runs'): TriggerOutcomeUnknownError {
  return new TriggerOutcomeUnknownError({ method, path, kind: 'network', code: 'ECONNRESET' });
}

/** The server created the work and answered 200, but with a body the client could not use. */
export function unusableAnswer(method = 'POST', path = '/runs'): TriggerOutcomeUnknownError {
  return new TriggerOutcomeUnknownError({
    method,
    path,
    kind: 'http',
    status: 200,
    taken: true,
    message: `${method} ${path} answered 200 with an unusable body (Unexpected response from ${method} ${path}: field "id" is not a usable id (it holds characters other than letters, digits, "-" and "_"))`,
  });
}
