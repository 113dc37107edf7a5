// The state of the emulated service and how it moves through time. Time is lazy: executions follow
// fixed timelines (timeline.ts), and `sync()` applies what their ends cause (chained runs, deploys)
// in time order whenever the world is looked at.
import { flaky, readOutcomeSwitches, sameEnvVars, type OutcomeSwitches } from './outcome-switches.ts';
import { badRequest } from './errors.ts';
import { digest, IdGenerator } from './model/ids.ts';
import { WorldClock } from './model/time.ts';
import { makePlan, stateAt, type ExecutionState, type Plan, type ScriptStep } from './timeline.ts';
import type { WorldFile } from './world-file.ts';
import { loadWorld, replayHistory } from './world-loader.ts';
import type {
  AppRecord,
  BuildRecord,
  BuildTriggerInput,
  Commit,
  CommitEntry,
  DeployRecord,
  EnvVar,
  Execution,
  PipelineRecord,
  RunRecord,
  RunTriggerInput,
  StepRef,
  UserRecord,
  WorkflowItemRecord,
  WorkflowRecord,
} from './world-records.ts';

const DEPLOY_QUEUE_MS = 500;

/** How much history the world keeps: past these, the oldest finished executions are forgotten. */
export interface WorldLimits {
  maxRuns: number;
  /** For builds, and for deploys. */
  maxBuilds: number;
}

const DEFAULT_LIMITS: WorldLimits = { maxRuns: 1000, maxBuilds: 1000 };

export class World {
  readonly clock: WorldClock;
  readonly ids = new IdGenerator();
  readonly users = new Map<string, UserRecord>();
  readonly tokens = new Map<string, UserRecord>();
  readonly apps: AppRecord[] = [];
  readonly pipelines = new Map<string, PipelineRecord>();
  readonly runs: RunRecord[] = [];
  readonly builds: BuildRecord[] = [];
  readonly deploys: DeployRecord[] = [];
  readonly workflows: WorkflowRecord[] = [];
  readonly #byId = new Map<string, Execution | WorkflowRecord | AppRecord>();
  readonly #steps = new Map<string, StepRef>();
  readonly #unsettled = new Set<Execution>();
  readonly #limits: WorldLimits;

  constructor(
    file: WorldFile,
    speed: number,
    limits: Partial<WorldLimits> = {},
    realNow: () => number = Date.now,
  ) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
    for (const [name, max] of Object.entries(this.#limits)) {
      if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`${name} must be a whole number >= 1`);
    }
    const startAt = file.startAt !== undefined ? Date.parse(file.startAt) : realNow();
    this.clock = new WorldClock(startAt, speed, realNow);
    loadWorld(this, file, startAt);
    replayHistory(this, file, startAt);
  }

  now(): number {
    return this.clock.now();
  }

  /** Brings the world up to the clock: applies every execution end that has happened, in time order. */
  sync(t = this.now()): void {
    for (;;) {
      let next: { exec: Execution; state: ExecutionState } | undefined;
      for (const exec of this.#unsettled) {
        const state = this.stateOf(exec, t);
        if (state.finishedAt === undefined) continue;
        if (!next || state.finishedAt < (next.state.finishedAt ?? 0)) next = { exec, state };
      }
      if (!next) return;
      this.#settle(next.exec, next.state);
    }
  }

  stateOf(exec: Execution, t = this.now()): ExecutionState {
    return stateAt(exec.plan, exec.abortedAt, t);
  }

  // ---- lookups ----

  user(username: string): UserRecord | undefined {
    return this.users.get(username.toLowerCase());
  }

  app(owner: string, name: string): AppRecord | undefined {
    const o = owner.toLowerCase();
    const n = name.toLowerCase();
    return this.apps.find((app) => app.owner.username.toLowerCase() === o && app.name.toLowerCase() === n);
  }

  appById(id: string): AppRecord | undefined {
    const found = this.#byId.get(id);
    return found && 'pipelines' in found ? found : undefined;
  }

  run(id: string): RunRecord | undefined {
    const found = this.#byId.get(id);
    return found && 'kind' in found && found.kind === 'run' ? found : undefined;
  }

  build(id: string): BuildRecord | undefined {
    const found = this.#byId.get(id);
    return found && 'kind' in found && found.kind === 'build' ? found : undefined;
  }

  deploy(id: string): DeployRecord | undefined {
    const found = this.#byId.get(id);
    return found && 'kind' in found && found.kind === 'deploy' ? found : undefined;
  }

  workflow(id: string): WorkflowRecord | undefined {
    const found = this.#byId.get(id);
    return found && 'trigger' in found ? found : undefined;
  }

  step(id: string): StepRef | undefined {
    return this.#steps.get(id);
  }

  /** Whether `user` owns the application or belongs to the organisation that does. */
  isMember(user: UserRecord | undefined, app: AppRecord): boolean {
    if (!user) return false;
    return app.owner === user || (app.owner.members?.has(user.username) ?? false);
  }

  resolveCommit(
    app: AppRecord,
    branch?: string,
    commitHash?: string,
    message?: string,
  ): Commit & { branch: string } {
    const chosenBranch = branch ?? app.defaultBranch;
    const head = app.branches[chosenBranch];
    const hash =
      commitHash ?? head?.commitHash ?? digest(`${app.owner.username}/${app.name}@${chosenBranch}`);
    const defaultMessage =
      head && head.commitHash === hash
        ? head.message
        : commitHash
          ? `Commit ${hash.slice(0, 7)} on ${chosenBranch}`
          : `Latest commit on ${chosenBranch}`;
    return { branch: chosenBranch, commitHash: hash, message: message ?? defaultMessage };
  }

  // ---- changes ----

  addApplication(app: AppRecord): void {
    this.apps.push(app);
    this.#byId.set(app.id, app);
    for (const pipeline of app.pipelines) this.pipelines.set(pipeline.id, pipeline);
  }

  triggerRun(input: RunTriggerInput, at = this.now()): RunRecord {
    const envVars = input.envVars ?? [];
    const switchEnv = [...(input.sourceRun?.switchEnv ?? []), ...envVars];
    const before = this.runs.filter(
      (run) => run.pipeline === input.pipeline && sameEnvVars(run.envVars, envVars),
    );
    const switches = flaky(readOutcomeSwitches(switchEnv, input.pipeline.name), before.length);
    const commit = this.resolveCommit(input.pipeline.app, input.branch, input.commitHash, input.message);
    const workflowId = this.ids.next();
    const workflow: WorkflowRecord = {
      id: workflowId,
      app: input.pipeline.app,
      user: input.user,
      createdAt: at,
      trigger: input.sourceRun ? 'workflow' : 'git',
      data: input.sourceRun
        ? { branch: commit.branch, message: commit.message, sourceRunId: input.sourceRun.id }
        : { branch: commit.branch, commitHash: commit.commitHash, message: commit.message },
      items: [],
    };
    this.#addItems(workflow, input.pipeline, undefined, new Set());
    const run = this.#createRun(input, commit, envVars, switchEnv, switches, workflow, at);
    this.workflows.push(workflow);
    this.#byId.set(workflow.id, workflow);
    return run;
  }

  triggerBuild(input: BuildTriggerInput, at = this.now()): BuildRecord {
    if (input.app.stack !== 1 && input.app.stack !== 5) {
      throw badRequest('Invalid stack, only stack 1 and 5 are supported for builds.');
    }
    const envVars = input.envVars ?? [];
    const before = this.builds.filter(
      (build) => build.app === input.app && sameEnvVars(build.envVars, envVars),
    );
    const switches = flaky(readOutcomeSwitches(envVars), before.length);
    const commit = this.resolveCommit(input.app, input.branch, input.commitHash, input.message);
    const build: BuildRecord = {
      kind: 'build',
      id: this.ids.next(),
      app: input.app,
      user: input.user,
      ...commit,
      envVars,
      plan: this.#plan(at, input.app.queueMs, input.app.buildSteps, switches),
      settled: false,
    };
    this.#register(build);
    this.builds.push(build);
    this.#forgetOldest(this.builds, this.#limits.maxBuilds);
    return build;
  }

  /** Aborts a running execution at `at`; the caller checks that it is running. */
  abort(exec: Execution, at = this.now()): void {
    exec.abortedAt = at;
  }

  setIgnoredBranches(app: AppRecord, branches: string[], at = this.now()): void {
    app.ignoredBranches = [...branches];
    app.updatedAt = at;
  }

  // ---- internals ----

  #createRun(
    input: RunTriggerInput & { inheritedCommits?: CommitEntry[] },
    commit: Commit & { branch: string },
    envVars: EnvVar[],
    switchEnv: EnvVar[],
    switches: OutcomeSwitches,
    workflow: WorkflowRecord,
    at: number,
  ): RunRecord {
    const run: RunRecord = {
      kind: 'run',
      id: this.ids.next(),
      pipeline: input.pipeline,
      app: input.pipeline.app,
      user: input.user,
      ...commit,
      envVars,
      switchEnv,
      ...(input.tag !== undefined ? { tag: input.tag } : {}),
      ...(input.sourceRun ? { sourceRun: input.sourceRun } : {}),
      ...pushedCommits(input, commit),
      workflow,
      plan: this.#plan(at, input.pipeline.queueMs, input.pipeline.steps, switches),
      settled: false,
    };
    const item = workflow.items.find((candidate) => candidate.pipeline === input.pipeline && !candidate.run);
    if (item) item.run = run;
    this.#register(run);
    this.runs.push(run);
    this.#forgetOldest(this.runs, this.#limits.maxRuns);
    return run;
  }

  #plan(at: number, queueMs: number, script: readonly ScriptStep[], switches: OutcomeSwitches): Plan {
    return makePlan({ createdAt: at, queueMs, script, switches, nextId: () => this.ids.next() });
  }

  #register(exec: Execution): void {
    this.#byId.set(exec.id, exec);
    for (const step of exec.plan.steps) this.#steps.set(step.id, { owner: exec, step });
    this.#unsettled.add(exec);
  }

  /** Adds the item of `pipeline` and, depth first, those of the pipelines it chains (each pipeline once). */
  #addItems(
    workflow: WorkflowRecord,
    pipeline: PipelineRecord,
    parentItemId: string | undefined,
    seen: Set<PipelineRecord>,
  ): void {
    if (seen.has(pipeline)) return;
    seen.add(pipeline);
    const item: WorkflowItemRecord = {
      id: this.ids.next(),
      pipeline,
      ...(parentItemId ? { parentItemId } : {}),
    };
    workflow.items.push(item);
    for (const name of pipeline.chains) {
      const next = pipeline.app.pipelines.find((candidate) => candidate.name === name);
      if (next) this.#addItems(workflow, next, item.id, seen);
    }
  }

  #settle(exec: Execution, state: ExecutionState): void {
    exec.settled = true;
    this.#unsettled.delete(exec);
    const at = state.finishedAt ?? this.now();
    if (state.result !== 'passed') return;
    if (exec.kind === 'run') this.#startChained(exec, at);
    if (exec.kind === 'build' && exec.app.autoDeploy) this.#createDeploy(exec, at);
  }

  #startChained(source: RunRecord, at: number): void {
    const sourceItem = source.workflow.items.find((item) => item.run === source);
    if (!sourceItem) return;
    for (const item of source.workflow.items) {
      if (item.parentItemId !== sourceItem.id || item.run) continue;
      const switchEnv = source.switchEnv;
      this.#createRun(
        {
          pipeline: item.pipeline,
          user: source.user,
          sourceRun: source,
          ...(source.commits ? { inheritedCommits: source.commits } : {}),
        },
        {
          branch: source.branch,
          commitHash: source.commitHash,
          message: `Auto trigger from Pipeline "${source.pipeline.name}" to Pipeline "${item.pipeline.name}"`,
        },
        [],
        switchEnv,
        readOutcomeSwitches(switchEnv, item.pipeline.name),
        source.workflow,
        at,
      );
    }
  }

  #createDeploy(build: BuildRecord, at: number): void {
    const deploy: DeployRecord = {
      kind: 'deploy',
      id: this.ids.next(),
      app: build.app,
      build,
      plan: this.#plan(at, DEPLOY_QUEUE_MS, build.app.deploySteps, readOutcomeSwitches(build.envVars)),
      settled: false,
    };
    this.#register(deploy);
    this.deploys.push(deploy);
    this.#forgetOldest(this.deploys, this.#limits.maxBuilds);
  }

  /**
   * Forgets the oldest finished (settled) executions of `list` while it holds more than `max`; one
   * still queued or running is never forgotten, so the list may stay over `max` for a while.
   */
  #forgetOldest(list: Execution[], max: number): void {
    let excess = list.length - max;
    for (let i = 0; excess > 0 && i < list.length;) {
      const exec = list[i];
      if (!exec?.settled) {
        i++;
        continue;
      }
      list.splice(i, 1);
      excess--;
      this.#byId.delete(exec.id);
      for (const step of exec.plan.steps) this.#steps.delete(step.id);
      if (exec.kind === 'run') this.#forgetWorkflowOf(exec);
    }
  }

  /** A workflow goes once all of its runs are forgotten (its items without a run will never start). */
  #forgetWorkflowOf(run: RunRecord): void {
    const { workflow } = run;
    if (workflow.items.some((item) => item.run && this.#byId.has(item.run.id))) return;
    this.#byId.delete(workflow.id);
    const index = this.workflows.indexOf(workflow);
    if (index >= 0) this.workflows.splice(index, 1);
  }
}

/** A run started by a push lists the pushed commit; a chained run, those of its source run. */
function pushedCommits(
  input: RunTriggerInput & { inheritedCommits?: CommitEntry[] },
  commit: Commit,
): { commits?: CommitEntry[] } {
  if (input.inheritedCommits) return { commits: input.inheritedCommits };
  if (!input.pushed) return {};
  const by = input.user.name;
  return {
    commits: [
      {
        _id: digest(`commit:${commit.commitHash}`, 24),
        commit: commit.commitHash,
        message: commit.message,
        by,
      },
    ],
  };
}
