// The state of the emulated service and how it moves through time. Time is lazy: executions follow
// fixed timelines (timeline.ts), and `sync()` applies what their ends cause (chained runs, deploys)
// in time order whenever the world is looked at.
import { readOutcomeSwitches, type OutcomeSwitches } from './outcome-switches.ts';
import { badRequest } from './errors.ts';
import { digest, IdGenerator } from './model/ids.ts';
import { WorldClock } from './model/time.ts';
import {
  DEFAULT_QUEUE_MS,
  makePlan,
  stateAt,
  type ExecutionState,
  type Plan,
  type PlannedStep,
  type ScriptStep,
} from './timeline.ts';
import type { WorldFile } from './world-file.ts';

export interface EnvVar {
  key: string;
  value: string;
}

export interface UserRecord {
  id: string;
  username: string;
  name: string;
  token?: string;
  serviceEmployee: boolean;
  /** Usernames of the members, for an organisation. */
  members?: Set<string>;
}

export interface Commit {
  commitHash: string;
  message: string;
}

export interface AppRecord {
  id: string;
  owner: UserRecord;
  name: string;
  stack: number;
  privacy: 'public' | 'private';
  createdAt: number;
  updatedAt: number;
  defaultBranch: string;
  ignoredBranches: string[];
  branches: Record<string, Commit>;
  pipelines: PipelineRecord[];
  buildSteps: ScriptStep[];
  queueMs: number;
  autoDeploy: boolean;
  deploySteps: ScriptStep[];
}

export interface PipelineRecord {
  id: string;
  app: AppRecord;
  name: string;
  type: string;
  permissions: string;
  setScmProviderStatus: boolean;
  createdAt: number;
  queueMs: number;
  steps: ScriptStep[];
  chains: string[];
}

interface ExecutionBase {
  id: string;
  plan: Plan;
  abortedAt?: number;
  /** Set once the end has been applied (chain started, deploy created). */
  settled: boolean;
}

export interface RunRecord extends ExecutionBase {
  kind: 'run';
  pipeline: PipelineRecord;
  app: AppRecord;
  user: UserRecord;
  branch: string;
  commitHash: string;
  message: string;
  envVars: EnvVar[];
  /** Variables whose EMULATOR_* switches steer this run: its own, after those inherited from its source run. */
  switchEnv: EnvVar[];
  tag?: string;
  sourceRun?: RunRecord;
  workflow: WorkflowRecord;
}

export interface BuildRecord extends ExecutionBase {
  kind: 'build';
  app: AppRecord;
  user: UserRecord;
  branch: string;
  commitHash: string;
  message: string;
  envVars: EnvVar[];
}

export interface DeployRecord extends ExecutionBase {
  kind: 'deploy';
  app: AppRecord;
  build: BuildRecord;
}

export type Execution = RunRecord | BuildRecord | DeployRecord;

export interface WorkflowItemRecord {
  id: string;
  pipeline: PipelineRecord;
  parentItemId?: string;
  run?: RunRecord;
}

export interface WorkflowRecord {
  id: string;
  app: AppRecord;
  user: UserRecord;
  createdAt: number;
  trigger: 'git' | 'workflow';
  data: { branch: string; commitHash?: string; message: string; sourceRunId?: string };
  items: WorkflowItemRecord[];
}

export interface StepRef {
  owner: Execution;
  step: PlannedStep;
}

export interface RunTriggerInput {
  pipeline: PipelineRecord;
  user: UserRecord;
  branch?: string;
  commitHash?: string;
  message?: string;
  envVars?: EnvVar[];
  sourceRun?: RunRecord;
  tag?: string;
}

export interface BuildTriggerInput {
  app: AppRecord;
  user: UserRecord;
  branch?: string;
  commitHash?: string;
  message?: string;
  envVars?: EnvVar[];
}

const DEFAULT_BUILD_STEPS: ScriptStep[] = [
  { name: 'get code' },
  { name: 'setup environment' },
  { name: 'build' },
  { name: 'test' },
];
const DEFAULT_DEPLOY_STEPS: ScriptStep[] = [
  { name: 'get code' },
  { name: 'setup environment' },
  { name: 'deploy' },
];
const DEPLOY_QUEUE_MS = 500;

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

  constructor(file: WorldFile, speed: number, realNow: () => number = Date.now) {
    const startAt = file.startAt !== undefined ? Date.parse(file.startAt) : realNow();
    this.clock = new WorldClock(startAt, speed, realNow);
    this.#load(file, startAt);
    this.#replayHistory(file, startAt);
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

  triggerRun(input: RunTriggerInput, at = this.now()): RunRecord {
    const envVars = input.envVars ?? [];
    const switchEnv = [...(input.sourceRun?.switchEnv ?? []), ...envVars];
    const switches = readOutcomeSwitches(switchEnv);
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
    const switches = readOutcomeSwitches(envVars);
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
    input: RunTriggerInput,
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
      workflow,
      plan: this.#plan(at, input.pipeline.queueMs, input.pipeline.steps, switches),
      settled: false,
    };
    const item = workflow.items.find((candidate) => candidate.pipeline === input.pipeline && !candidate.run);
    if (item) item.run = run;
    this.#register(run);
    this.runs.push(run);
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
        { pipeline: item.pipeline, user: source.user, sourceRun: source },
        {
          branch: source.branch,
          commitHash: source.commitHash,
          message: `Auto trigger from Pipeline "${source.pipeline.name}" to Pipeline "${item.pipeline.name}"`,
        },
        [],
        switchEnv,
        readOutcomeSwitches(switchEnv),
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
  }

  #load(file: WorldFile, startAt: number): void {
    const ensureNewName = (username: string) => {
      if (this.users.has(username.toLowerCase()))
        throw new Error(`world: user or organization "${username}" is defined twice`);
    };
    // Reserve every explicit id first so that generated ids never take one of them.
    for (const user of [...file.users, ...(file.organizations ?? [])]) if (user.id) this.ids.reserve(user.id);
    for (const app of file.applications) {
      if (app.id) this.ids.reserve(app.id);
      for (const pipeline of app.pipelines ?? []) if (pipeline.id) this.ids.reserve(pipeline.id);
    }
    const idOrNext = (id: string | undefined) => id ?? this.ids.next();

    for (const user of file.users) {
      ensureNewName(user.username);
      const record: UserRecord = {
        id: idOrNext(user.id),
        username: user.username,
        name: user.name ?? user.username,
        serviceEmployee: user.serviceEmployee ?? false,
        ...(user.token !== undefined ? { token: user.token } : {}),
      };
      if (user.token !== undefined) {
        if (this.tokens.has(user.token)) throw new Error(`world: token of "${user.username}" is used twice`);
        this.tokens.set(user.token, record);
      }
      this.users.set(user.username.toLowerCase(), record);
    }
    for (const org of file.organizations ?? []) {
      ensureNewName(org.username);
      for (const member of org.members) {
        if (!this.user(member))
          throw new Error(`world: member "${member}" of "${org.username}" is not a user`);
      }
      this.users.set(org.username.toLowerCase(), {
        id: idOrNext(org.id),
        username: org.username,
        name: org.name ?? org.username,
        serviceEmployee: false,
        members: new Set(org.members.map((member) => this.user(member)?.username ?? member)),
      });
    }
    for (const app of file.applications) {
      const owner = this.user(app.owner);
      if (!owner) throw new Error(`world: owner "${app.owner}" of application "${app.name}" is not defined`);
      if (this.app(app.owner, app.name))
        throw new Error(`world: application ${app.owner}/${app.name} is defined twice`);
      const createdAt = app.createdAt !== undefined ? Date.parse(app.createdAt) : startAt;
      const record: AppRecord = {
        id: idOrNext(app.id),
        owner,
        name: app.name,
        stack: app.stack,
        privacy: app.privacy,
        createdAt,
        updatedAt: app.updatedAt !== undefined ? Date.parse(app.updatedAt) : createdAt,
        defaultBranch: app.defaultBranch ?? 'master',
        ignoredBranches: [...(app.ignoredBranches ?? [])],
        branches: { ...(app.branches ?? {}) },
        pipelines: [],
        buildSteps: app.buildSteps ?? DEFAULT_BUILD_STEPS,
        queueMs: app.queueMs ?? DEFAULT_QUEUE_MS,
        autoDeploy: app.autoDeploy ?? false,
        deploySteps: app.deploySteps ?? DEFAULT_DEPLOY_STEPS,
      };
      for (const pipeline of app.pipelines ?? []) {
        if (record.pipelines.some((other) => other.name === pipeline.name)) {
          throw new Error(`world: pipeline "${pipeline.name}" of ${app.owner}/${app.name} is defined twice`);
        }
        const pipelineRecord: PipelineRecord = {
          id: idOrNext(pipeline.id),
          app: record,
          name: pipeline.name,
          type: pipeline.type ?? 'git',
          permissions: pipeline.permissions ?? 'public',
          setScmProviderStatus: pipeline.setScmProviderStatus ?? true,
          createdAt: pipeline.createdAt !== undefined ? Date.parse(pipeline.createdAt) : createdAt,
          queueMs: pipeline.queueMs ?? DEFAULT_QUEUE_MS,
          steps: pipeline.steps ?? [],
          chains: pipeline.chains ?? [],
        };
        record.pipelines.push(pipelineRecord);
        this.pipelines.set(pipelineRecord.id, pipelineRecord);
      }
      for (const pipeline of record.pipelines) {
        for (const chained of pipeline.chains) {
          if (!record.pipelines.some((other) => other.name === chained)) {
            throw new Error(
              `world: pipeline "${pipeline.name}" of ${app.owner}/${app.name} chains unknown pipeline "${chained}"`,
            );
          }
        }
      }
      this.apps.push(record);
      this.#byId.set(record.id, record);
    }
  }

  #replayHistory(file: WorldFile, startAt: number): void {
    const entries = [...(file.history ?? [])].sort((a, b) => b.agoMs - a.agoMs);
    for (const entry of entries) {
      const at = startAt - entry.agoMs;
      const [owner = '', name = ''] = entry.application.split('/');
      const app = this.app(owner, name);
      if (!app) throw new Error(`world: history names unknown application ${entry.application}`);
      const user = entry.user !== undefined ? this.user(entry.user) : this.#someMember(app);
      if (!user)
        throw new Error(`world: history of ${entry.application} names unknown user "${entry.user ?? ''}"`);
      this.sync(at);
      const common = {
        user,
        ...(entry.branch !== undefined ? { branch: entry.branch } : {}),
        ...(entry.commitHash !== undefined ? { commitHash: entry.commitHash } : {}),
        ...(entry.message !== undefined ? { message: entry.message } : {}),
        envVars: entry.envVars ?? [],
      };
      let exec: Execution;
      if (entry.pipeline !== undefined) {
        const pipeline = app.pipelines.find((candidate) => candidate.name === entry.pipeline);
        if (!pipeline)
          throw new Error(`world: history names unknown pipeline ${entry.application}/${entry.pipeline}`);
        exec = this.triggerRun({ pipeline, ...common }, at);
      } else {
        if (app.stack === 6)
          throw new Error(`world: history of ${entry.application} needs a pipeline (stack 6 has no builds)`);
        exec = this.triggerBuild({ app, ...common }, at);
      }
      if (entry.abortAfterMs !== undefined) {
        const abortAt = Math.max(at + entry.abortAfterMs, exec.plan.startAt);
        if (abortAt < exec.plan.endAt) exec.abortedAt = abortAt;
      }
    }
    this.sync(startAt);
  }

  #someMember(app: AppRecord): UserRecord | undefined {
    if (!app.owner.members) return app.owner;
    const [first] = app.owner.members;
    return first !== undefined ? this.user(first) : undefined;
  }
}
