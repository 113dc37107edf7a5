// A scripted API v3 server for the hostile-server tests. It answers from a small, well-behaved world
// (world.ts) and lets a test replace any answer with a hostile one; every request is recorded. Its
// "elsewhere" listener (http.ts) stands for every origin that is not the API's: it answers on another
// loopback address and on another port, and it is also the HTTP(S) proxy of the child process, so a
// request to any other host (the cloud metadata address, a made-up name) lands there too.
import { createServer } from 'node:http';
import {
  collect,
  decode,
  listen,
  record,
  send,
  startElsewhere,
  stop,
  type Answer,
  type Elsewhere,
  type Recorded,
} from './http.ts';
import { createWorld, ROUTES, type Json, type RouteName, type World } from './world.ts';

export { boom, type Answer } from './http.ts';
export {
  APP,
  APPLICATION_ID,
  OWNER,
  PIPELINE_ID,
  PIPELINE_NAME,
  type Json,
  type RouteName,
} from './world.ts';

interface ScriptContext {
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
type Script = Answer | ((context: ScriptContext) => Answer | undefined);

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
  /** Adds a run, as if triggered earlier, that keeps its state until aborted; returns its JSON id. */
  seedRun(id: unknown, status?: string, result?: string): unknown;
  /** Adds a running build; returns its JSON id. */
  seedBuild(id: unknown): unknown;
  /** What the API listener received, oldest first. */
  requests(): Recorded[];
  close(): Promise<void>;
}

export async function startHostileServer(): Promise<HostileServer> {
  const elsewhere = await startElsewhere();
  const log: Recorded[] = [];
  const scripts = new Map<RouteName, Array<{ script: Script; left: number }>>();

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
  const { world, wellBehaved, seedRun, seedBuild } = createWorld(api);

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
    seedRun,
    seedBuild,
    requests: () => [...log],
    async close() {
      await Promise.all([stop(server), elsewhere.close()]);
    },
  };
}
