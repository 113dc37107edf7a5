// The well-behaved world the hostile server plays: a pipeline whose runs finish after a couple of reads,
// their steps and logs, an application's builds, workflows and pipelines. Tests change it (ids to hand
// out, step names, logs, results) and the server answers from it unless a script replaces the answer.
import { boom, type Answer, type Recorded } from './http.ts';

export const OWNER = 'acme';
export const APP = 'webapp';
export const PIPELINE_NAME = 'build';
export const PIPELINE_ID = '5f8e3c2a9b1d4e6f7a8b9c0d';
export const APPLICATION_ID = '5f8e3c2a9b1d4e6f7a8b9c01';

export const ROUTES = {
  // The lists take no trailing slash: `/runs/.` arrives as `/runs/`, and must not pass for the list.
  'GET /runs': /^\/runs$/,
  'POST /runs': /^\/runs\/?$/,
  'GET /runs/:id': /^\/runs\/([^/]+)\/?$/,
  'GET /runs/:id/steps': /^\/runs\/([^/]+)\/steps\/?$/,
  'PUT /runs/:id/abort': /^\/runs\/([^/]+)\/abort\/?$/,
  'GET /runsteps/:id/log': /^\/runsteps\/([^/]+)\/log\/?$/,
  'POST /builds': /^\/builds$/,
  'GET /builds/:id': /^\/builds\/([^/]+)\/?$/,
  'PUT /builds/:id/abort': /^\/builds\/([^/]+)\/abort\/?$/,
  'GET /applications/:owner/:app': /^\/applications\/([^/]+)\/([^/]+)\/?$/,
  'GET /applications/:owner/:app/builds': /^\/applications\/([^/]+)\/([^/]+)\/builds\/?$/,
  'GET /applications/:owner/:app/pipelines': /^\/applications\/([^/]+)\/([^/]+)\/pipelines\/?$/,
  'GET /pipelines/:id': /^\/pipelines\/([^/]+)\/?$/,
  'GET /workflows': /^\/workflows$/,
  'GET /workflows/:id': /^\/workflows\/([^/]+)\/?$/,
} as const;
export type RouteName = keyof typeof ROUTES;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests rewrite bodies of any shape
export type Json = any;

interface RemoteRun {
  id: unknown;
  status: string;
  result: string;
  progress: number;
  reads: number;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  branch: string;
  message: string;
  envVars: Array<{ key: string; value: string }>;
  /** Seeded by the test: it keeps its state until aborted. */
  seeded?: boolean;
}

export interface World {
  /** Reads of a run or build after which it finishes; Infinity keeps it running. Default 2. */
  finishAfterReads: number;
  result: 'passed' | 'failed';
  /** Ids for the next runs and builds triggered, used before generated ones. */
  nextRunIds: unknown[];
  nextBuildIds: unknown[];
  /** Runs created alongside each triggered run, with these ids (they match any trigger). */
  strangersOnTrigger: unknown[];
  stepNames: string[];
  /** The text of a step log. */
  log: (order: number, name: string) => string;
  /** The stack of the application `acme/webapp`. */
  stack: number;
  runs: RemoteRun[];
  builds: RemoteRun[];
}

export interface WorldHandle {
  world: World;
  /** The well-behaved answer to a routed request, and its effect on the world. */
  wellBehaved(request: Recorded): Answer;
  seedRun(id: unknown, status?: string, result?: string): unknown;
  seedBuild(id: unknown): unknown;
}

const hex = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(22, '0')}`;

/** `api` is the API root the world's urls point at. */
export function createWorld(api: string): WorldHandle {
  let counter = 0x100;
  const world: World = {
    finishAfterReads: 2,
    result: 'passed',
    nextRunIds: [],
    nextBuildIds: [],
    strangersOnTrigger: [],
    stepNames: ['get code', 'npm test'],
    log: (order, name) => `--> Running step: ${name}\nstep ${order} is done\n`,
    stack: 6,
    runs: [],
    builds: [],
  };
  const created = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, n % 60)).toISOString();
  function newRun(id: unknown, body: Record<string, unknown> = {}): RemoteRun {
    const run: RemoteRun = {
      id,
      status: 'notstarted',
      result: 'unknown',
      progress: 0,
      reads: 0,
      createdAt: created(counter),
      branch: typeof body.branch === 'string' ? body.branch : 'main',
      message: typeof body.message === 'string' ? body.message : 'Merge pull request #7',
      envVars: Array.isArray(body.envVars) ? (body.envVars as RemoteRun['envVars']) : [],
    };
    return run;
  }
  const nextId = (queue: unknown[], prefix: string) =>
    queue.length > 0 ? queue.shift() : hex(prefix, counter++);
  const find = (list: RemoteRun[], id: string | undefined) => list.find((item) => String(item.id) === id);

  /** One read moves a run on: running at once, finished after `finishAfterReads` reads. */
  function advance(run: RemoteRun): void {
    if (run.status === 'finished' || run.seeded) return;
    run.reads += 1;
    if (run.status === 'notstarted') {
      run.status = 'running';
      run.startedAt = new Date().toISOString();
      run.progress = 50;
    }
    if (run.reads >= world.finishAfterReads) finish(run, world.result);
  }
  function finish(run: RemoteRun, result: string): void {
    run.status = 'finished';
    run.result = result;
    run.progress = result === 'passed' ? 100 : 50;
    run.startedAt ??= new Date().toISOString();
    run.finishedAt = new Date().toISOString();
  }

  const runJson = (run: RemoteRun, listed = false) => ({
    id: run.id,
    url: `${api}/runs/${encodeURIComponent(String(run.id))}`,
    branch: run.branch,
    commitHash: '0123456789abcdef0123456789abcdef01234567',
    createdAt: run.createdAt,
    ...(run.startedAt ? { startedAt: run.startedAt } : {}),
    ...(run.finishedAt ? { finishedAt: run.finishedAt } : {}),
    message: run.message,
    progress: run.progress,
    result: run.result,
    status: run.status,
    ...(listed ? {} : { envVars: run.envVars, commits: [] }),
    user: { userId: hex('5a', 1), name: 'Ada', type: 'service', meta: { username: 'ada' } },
    pipeline: { id: PIPELINE_ID, url: `${api}/pipelines/${PIPELINE_ID}`, name: PIPELINE_NAME, type: 'git' },
  });
  const buildJson = (build: RemoteRun) => {
    const { user: _user, pipeline: _pipeline, ...rest } = runJson(build, true);
    return { ...rest, url: `${api}/builds/${encodeURIComponent(String(build.id))}` };
  };
  function stepsJson(run: RemoteRun) {
    const total = world.stepNames.length;
    return world.stepNames.map((name, index) => {
      const order = index + 1;
      const done = run.status === 'finished' || (run.status === 'running' && order < total);
      const last = order === total;
      const id = hex('6e', order);
      return {
        id,
        url: `${api}/runsteps/${id}`,
        artifactsUrl: null,
        createdAt: run.createdAt,
        ...(run.startedAt ? { startedAt: run.startedAt } : {}),
        ...(done ? { finishedAt: run.finishedAt ?? run.startedAt } : {}),
        logUrl: `${api}/runsteps/${id}/log`,
        order,
        result: done ? (last && run.result !== 'passed' ? run.result : 'passed') : 'unknown',
        status: done ? 'finished' : run.status === 'running' && last ? 'running' : 'notstarted',
        step: name,
      };
    });
  }
  const workflowId = (run: RemoteRun) => hex('6d', world.runs.indexOf(run));
  const workflowJson = (run: RemoteRun) => ({
    id: workflowId(run),
    url: `${api}/workflows/${workflowId(run)}`,
    createdAt: run.createdAt,
    startedAt: run.createdAt,
    updatedAt: run.createdAt,
    trigger: 'git',
    data: { branch: run.branch, message: run.message },
    items: [
      {
        id: hex('6f', world.runs.indexOf(run)),
        type: 'run',
        status: run.status,
        result: run.result,
        progress: run.progress,
        updatedAt: run.createdAt,
        data: { runId: run.id, pipelineId: PIPELINE_ID, targetName: PIPELINE_NAME, restricted: false },
      },
    ],
  });
  const applicationJson = () => ({
    id: APPLICATION_ID,
    url: `${api}/applications/${OWNER}/${APP}`,
    name: APP,
    stack: world.stack,
    privacy: 'public',
    createdAt: created(0),
    owner: { userId: hex('5a', 1), name: OWNER, type: 'service', meta: { username: OWNER } },
  });

  const json = (value: unknown, status = 200): Answer => ({ status, json: value });
  const notFound = (what: string) => boom(404, `${what} not found`);

  /** The well-behaved answer, and its effect on the world. */
  function wellBehaved(request: Recorded): Answer {
    const [first, second] = request.params;
    const body = parseJson(request.body);
    switch (request.route) {
      case 'GET /runs': {
        const listed = [...world.runs].reverse().slice(0, Number(request.query.get('limit') ?? 20));
        return json(listed.map((run) => runJson(run, true)));
      }
      case 'POST /runs': {
        const run = newRun(nextId(world.nextRunIds, '6b'), body);
        world.runs.push(run);
        for (const id of world.strangersOnTrigger) world.runs.push(newRun(id, body));
        return json(runJson(run));
      }
      case 'GET /runs/:id': {
        const run = find(world.runs, first);
        if (!run) return notFound('Run');
        advance(run);
        return json(runJson(run));
      }
      case 'GET /runs/:id/steps': {
        const run = find(world.runs, first);
        return run ? json(stepsJson(run)) : notFound('Run');
      }
      case 'PUT /runs/:id/abort': {
        const run = find(world.runs, first);
        if (!run) return notFound('Run');
        if (run.status !== 'finished') finish(run, 'aborted');
        return json(runJson(run));
      }
      case 'GET /runsteps/:id/log': {
        const order = parseInt(first?.slice(-2) ?? '1', 16);
        const name = world.stepNames[order - 1] ?? `step ${order}`;
        return { text: world.log(order, name), headers: { 'content-type': 'text/plain; charset=utf-8' } };
      }
      case 'POST /builds': {
        const build = newRun(nextId(world.nextBuildIds, '6c'), body);
        world.builds.push(build);
        return json({ ...buildJson(build), progress: null });
      }
      case 'GET /builds/:id': {
        const build = find(world.builds, first);
        if (!build) return notFound('Build');
        advance(build);
        return json(buildJson(build));
      }
      case 'PUT /builds/:id/abort': {
        const build = find(world.builds, first);
        if (!build) return notFound('Build');
        if (build.status !== 'finished') finish(build, 'aborted');
        return json(buildJson(build));
      }
      case 'GET /applications/:owner/:app':
        return first === OWNER && second === APP ? json(applicationJson()) : notFound('Application');
      case 'GET /applications/:owner/:app/builds':
        return json([...world.builds].reverse().map(buildJson));
      case 'GET /applications/:owner/:app/pipelines':
        return json([{ id: PIPELINE_ID, url: `${api}/pipelines/${PIPELINE_ID}`, name: PIPELINE_NAME }]);
      case 'GET /pipelines/:id':
        return json({ id: PIPELINE_ID, name: PIPELINE_NAME, application: applicationJson() });
      case 'GET /workflows':
        return json([...world.runs].reverse().map(workflowJson));
      case 'GET /workflows/:id': {
        const run = world.runs.find((candidate) => workflowId(candidate) === first);
        return run ? json(workflowJson(run)) : notFound('Workflow');
      }
      default:
        return boom(404, `Not Found: ${request.method} ${request.target}`);
    }
  }

  return {
    world,
    wellBehaved,
    seedRun(id, status = 'finished', result = 'passed') {
      const run = newRun(id);
      run.seeded = true;
      run.status = status;
      run.result = result;
      if (status === 'finished') finish(run, result);
      world.runs.push(run);
      return id;
    },
    seedBuild(id) {
      const build = newRun(id);
      build.seeded = true;
      build.status = 'running';
      build.startedAt = build.createdAt;
      world.builds.push(build);
      return id;
    },
  };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
