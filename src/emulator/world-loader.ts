// Builds a world from a world file: users, organisations and applications first, then the past
// activity, replayed in time order.
import { DEFAULT_QUEUE_MS, type ScriptStep } from './timeline.ts';
import type { WorldApplication, WorldFile } from './world-file.ts';
import type { IdGenerator } from './model/ids.ts';
import type {
  AppRecord,
  BuildRecord,
  BuildTriggerInput,
  Execution,
  PipelineRecord,
  RunRecord,
  RunTriggerInput,
  UserRecord,
} from './world-records.ts';

/** What loading a world file needs of the world it fills. */
interface World {
  readonly ids: IdGenerator;
  readonly users: Map<string, UserRecord>;
  readonly tokens: Map<string, UserRecord>;
  user(username: string): UserRecord | undefined;
  app(owner: string, name: string): AppRecord | undefined;
  addApplication(app: AppRecord): void;
  sync(t?: number): void;
  triggerRun(input: RunTriggerInput, at?: number): RunRecord;
  triggerBuild(input: BuildTriggerInput, at?: number): BuildRecord;
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

export function loadWorld(world: World, file: WorldFile, startAt: number): void {
  reserveIds(world, file);
  loadUsers(world, file);
  for (const app of file.applications) world.addApplication(loadApplication(world, app, startAt));
}

/** Reserves every explicit id first so that generated ids never take one of them. */
function reserveIds(world: World, file: WorldFile): void {
  for (const user of [...file.users, ...(file.organizations ?? [])]) if (user.id) world.ids.reserve(user.id);
  for (const app of file.applications) {
    if (app.id) world.ids.reserve(app.id);
    for (const pipeline of app.pipelines ?? []) if (pipeline.id) world.ids.reserve(pipeline.id);
  }
}

function idOrNext(world: World, id: string | undefined): string {
  return id ?? world.ids.next();
}

function ensureNewName(world: World, username: string): void {
  if (world.users.has(username.toLowerCase()))
    throw new Error(`world: user or organization "${username}" is defined twice`);
}

function loadUsers(world: World, file: WorldFile): void {
  for (const user of file.users) {
    ensureNewName(world, user.username);
    const record: UserRecord = {
      id: idOrNext(world, user.id),
      username: user.username,
      name: user.name ?? user.username,
      serviceEmployee: user.serviceEmployee ?? false,
      ...(user.token !== undefined ? { token: user.token } : {}),
    };
    if (user.token !== undefined) {
      if (world.tokens.has(user.token)) throw new Error(`world: token of "${user.username}" is used twice`);
      world.tokens.set(user.token, record);
    }
    world.users.set(user.username.toLowerCase(), record);
  }
  for (const org of file.organizations ?? []) {
    ensureNewName(world, org.username);
    for (const member of org.members) {
      if (!world.user(member))
        throw new Error(`world: member "${member}" of "${org.username}" is not a user`);
    }
    world.users.set(org.username.toLowerCase(), {
      id: idOrNext(world, org.id),
      username: org.username,
      name: org.name ?? org.username,
      serviceEmployee: false,
      members: new Set(org.members.map((member) => world.user(member)?.username ?? member)),
    });
  }
}

function loadApplication(world: World, app: WorldApplication, startAt: number): AppRecord {
  const owner = world.user(app.owner);
  if (!owner) throw new Error(`world: owner "${app.owner}" of application "${app.name}" is not defined`);
  if (world.app(app.owner, app.name))
    throw new Error(`world: application ${app.owner}/${app.name} is defined twice`);
  const createdAt = app.createdAt !== undefined ? Date.parse(app.createdAt) : startAt;
  const record: AppRecord = {
    id: idOrNext(world, app.id),
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
  record.pipelines = loadPipelines(world, record, app);
  return record;
}

function loadPipelines(world: World, record: AppRecord, app: WorldApplication): PipelineRecord[] {
  const pipelines: PipelineRecord[] = [];
  for (const pipeline of app.pipelines ?? []) {
    if (pipelines.some((other) => other.name === pipeline.name)) {
      throw new Error(`world: pipeline "${pipeline.name}" of ${app.owner}/${app.name} is defined twice`);
    }
    pipelines.push({
      id: idOrNext(world, pipeline.id),
      app: record,
      name: pipeline.name,
      type: pipeline.type ?? 'git',
      permissions: pipeline.permissions ?? 'public',
      setScmProviderStatus: pipeline.setScmProviderStatus ?? true,
      createdAt: pipeline.createdAt !== undefined ? Date.parse(pipeline.createdAt) : record.createdAt,
      queueMs: pipeline.queueMs ?? DEFAULT_QUEUE_MS,
      steps: pipeline.steps ?? [],
      chains: pipeline.chains ?? [],
    });
  }
  for (const pipeline of pipelines) {
    for (const chained of pipeline.chains) {
      if (!pipelines.some((other) => other.name === chained)) {
        throw new Error(
          `world: pipeline "${pipeline.name}" of ${app.owner}/${app.name} chains unknown pipeline "${chained}"`,
        );
      }
    }
  }
  return pipelines;
}

/** Triggers the history's runs and builds at their past times, oldest first, then brings the world to `startAt`. */
export function replayHistory(world: World, file: WorldFile, startAt: number): void {
  const entries = [...(file.history ?? [])].sort((a, b) => b.agoMs - a.agoMs);
  for (const entry of entries) {
    const at = startAt - entry.agoMs;
    const [owner = '', name = ''] = entry.application.split('/');
    const app = world.app(owner, name);
    if (!app) throw new Error(`world: history names unknown application ${entry.application}`);
    const user = entry.user !== undefined ? world.user(entry.user) : someMember(world, app);
    if (!user)
      throw new Error(`world: history of ${entry.application} names unknown user "${entry.user ?? ''}"`);
    world.sync(at);
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
      exec = world.triggerRun({ pipeline, pushed: true, ...common }, at);
    } else {
      if (app.stack === 6)
        throw new Error(`world: history of ${entry.application} needs a pipeline (stack 6 has no builds)`);
      exec = world.triggerBuild({ app, ...common }, at);
    }
    if (entry.abortAfterMs !== undefined) {
      const abortAt = Math.max(at + entry.abortAfterMs, exec.plan.startAt);
      if (abortAt < exec.plan.endAt) exec.abortedAt = abortAt;
    }
  }
  world.sync(startAt);
}

function someMember(world: World, app: AppRecord): UserRecord | undefined {
  if (!app.owner.members) return app.owner;
  const [first] = app.owner.members;
  return first !== undefined ? world.user(first) : undefined;
}
