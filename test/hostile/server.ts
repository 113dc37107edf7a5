// A scripted API v3 server for the hostile-server tests. It plays one small, well-behaved world (a
// pipeline whose runs finish after a couple of reads, their steps and logs, an application's builds,
// workflows and pipelines) and lets a test replace any answer with a hostile one. Every request is
// recorded. A second listener stands for "elsewhere": every origin that is not the API's. It answers
// on another loopback address and on another port, and it is also the HTTP(S) proxy of the child
// process, so a request to any other host (the cloud metadata address, a made-up name) lands there too.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

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

export interface Recorded {
  listener: 'api' | 'elsewhere';
  method: string;
  /** The request target as received: a path, an absolute URL (sent to the proxy) or `host:port` (CONNECT). */
  target: string;
  /** The Host header. */
  host: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** API requests: the route the path matched, if any, and its decoded parameters. */
  route?: RouteName;
  params: string[];
  query: URLSearchParams;
}

export interface Answer {
  /** Default 200. */
  status?: number;
  json?: unknown;
  text?: string | Buffer;
  headers?: Record<string, string>;
  /** Cut the connection without answering. */
  destroy?: boolean;
}

export interface ScriptContext {
  request: Recorded;
  params: string[];
  world: World;
  /** The Authorization header as received ('' when none): what a server that echoes it would echo. */
  authorization: string;
  /**
   * The well-behaved answer. Calling it also has the request's effect on the world (a run created,
   * read on, aborted): a hostile answer that does not call it leaves the world as it was.
   */
  fallback: () => Answer;
}

/** A hostile answer, or a function choosing one; undefined leaves the well-behaved answer. */
export type Script = Answer | ((context: ScriptContext) => Answer | undefined);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests rewrite bodies of any shape
export type Json = any;

export interface RemoteRun {
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

export interface HostileServer {
  /** Service root: `http://127.0.0.1:<port>`. */
  url: string;
  /** `<url>/api/v3`. */
  api: string;
  port: number;
  world: World;
  elsewhere: Elsewhere;
  /** Replaces the answer of `route`: every time, or the next `times` times it is used. */
  answer(route: RouteName, script: Script, times?: number): void;
  /** Rewrites the JSON of the well-behaved answer of `route`. */
  edit(route: RouteName, rewrite: (json: Json, context: ScriptContext) => unknown, times?: number): void;
  /** Adds a run, as if triggered earlier; returns its JSON id. */
  seedRun(id: unknown, status?: string, result?: string): unknown;
  /** Adds a running build; returns its JSON id. */
  seedBuild(id: unknown): unknown;
  /** What the API listener received, oldest first. */
  requests(): Recorded[];
  close(): Promise<void>;
}

export interface Elsewhere {
  /** An origin on another loopback address (127.0.0.2, or 127.0.0.1 where that cannot be bound). */
  url: string;
  /** The same listener's sibling on 127.0.0.1, on a port of its own: another origin, same host. */
  otherPortUrl: string;
  /** For HTTP_PROXY and HTTPS_PROXY. */
  proxyUrl: string;
  requests(): Recorded[];
}

const hex = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(22, '0')}`;

export async function startHostileServer(): Promise<HostileServer> {
  const elsewhere = await startElsewhere();
  const log: Recorded[] = [];
  const scripts = new Map<RouteName, Array<{ script: Script; left: number }>>();
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

  const server = createServer((request, response) => {
    void collect(request).then((body) => {
      const recorded = record(request, body, 'api');
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const below = path.startsWith('/api/v3') ? path.slice('/api/v3'.length) : undefined;
      for (const [name, pattern] of Object.entries(ROUTES) as Array<[RouteName, RegExp]>) {
        const match = below === undefined ? null : pattern.exec(below);
        if (!match || name.split(' ')[0] !== request.method) continue;
        recorded.route = name;
        recorded.params = match.slice(1).map(decode);
        break;
      }
      log.push(recorded);
      send(response, respond(recorded));
    });
  });
  const port = await listen(server, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  const api = `${url}/api/v3`;

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
    if (run.status === 'finished') return;
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

  function respond(request: Recorded): Answer {
    let fallback: Answer | undefined;
    const context: ScriptContext = {
      request,
      params: request.params,
      world,
      authorization: String(request.headers.authorization ?? ''),
      fallback: () => (fallback ??= wellBehaved(request)),
    };
    const queue = request.route ? (scripts.get(request.route) ?? []) : [];
    for (const entry of queue) {
      if (entry.left <= 0) continue;
      const answer = typeof entry.script === 'function' ? entry.script(context) : entry.script;
      if (answer === undefined) continue;
      entry.left -= 1;
      return answer;
    }
    return context.fallback();
  }

  const answer = (route: RouteName, script: Script, times = Infinity) => {
    scripts.set(route, [...(scripts.get(route) ?? []), { script, left: times }]);
  };
  return {
    url,
    api,
    port,
    world,
    elsewhere: elsewhere.info,
    answer,
    edit(route, rewrite, times) {
      answer(
        route,
        (context) => {
          const fallback = context.fallback();
          return fallback.json === undefined || (fallback.status ?? 200) !== 200
            ? undefined
            : { ...fallback, json: rewrite(structuredClone(fallback.json), context) };
        },
        times,
      );
    },
    seedRun(id, status = 'finished', result = 'passed') {
      const run = newRun(id);
      run.status = status;
      run.result = result;
      if (status === 'finished') finish(run, result);
      world.runs.push(run);
      return id;
    },
    seedBuild(id) {
      const build = newRun(id);
      build.status = 'running';
      build.startedAt = build.createdAt;
      world.builds.push(build);
      return id;
    },
    requests: () => [...log],
    async close() {
      await Promise.all([stop(server), elsewhere.close()]);
    },
  };
}

export function boom(status: number, message: string): Answer {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status];
  return { status, json: { statusCode: status, error: error ?? 'Internal Server Error', message } };
}

async function startElsewhere(): Promise<{ info: Elsewhere; close(): Promise<void> }> {
  const log: Recorded[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    void collect(request).then((body) => {
      log.push(record(request, body, 'elsewhere'));
      // A 404 to an abort sent here ends it at once, where a retried failure would hold the test up.
      const answer =
        request.method === 'GET'
          ? { text: 'ami-0abcdef1234567890\n::warning::INJECTED from elsewhere\n' }
          : boom(404, 'Not Found');
      send(response, answer);
    });
  };
  const refuseTunnel = (request: IncomingMessage, socket: Socket) => {
    log.push(record(request, '', 'elsewhere'));
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  };
  const servers = [createServer(handle), createServer(handle)];
  for (const server of servers) server.on('connect', refuseTunnel);
  let otherHost = '127.0.0.2';
  let otherPort: number;
  try {
    otherPort = await listen(servers[0]!, otherHost);
  } catch {
    otherHost = '127.0.0.1';
    otherPort = await listen(servers[0]!, otherHost);
  }
  const port = await listen(servers[1]!, '127.0.0.1');
  return {
    info: {
      url: `http://${otherHost}:${otherPort}`,
      otherPortUrl: `http://127.0.0.1:${port}`,
      proxyUrl: `http://127.0.0.1:${port}`,
      requests: () => [...log],
    },
    close: async () => {
      await Promise.all(servers.map(stop));
    },
  };
}

function record(request: IncomingMessage, body: string, listener: Recorded['listener']): Recorded {
  const target = request.url ?? '';
  return {
    listener,
    method: request.method ?? '',
    target,
    host: String(request.headers.host ?? ''),
    headers: request.headers,
    body,
    params: [],
    query: new URL(target.startsWith('/') ? target : '/', 'http://x').searchParams,
  };
}

function send(response: ServerResponse, answer: Answer): void {
  if (answer.destroy) {
    response.socket?.destroy();
    return;
  }
  const body =
    answer.text !== undefined ? answer.text : answer.json !== undefined ? JSON.stringify(answer.json) : '';
  response.writeHead(answer.status ?? 200, {
    'content-type':
      answer.text !== undefined ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    ...answer.headers,
  });
  response.end(body);
}

async function collect(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
