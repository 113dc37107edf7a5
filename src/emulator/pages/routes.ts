// The pages for people, at the real service's paths: `/{owner}/{application}` and
// `/{owner}/{application}/runs/{pipeline name}/{run id}` (`?step={step id}` opens one step).
// The owner can never be `api` or `_emulator`, so the API and the control API keep their own paths.
// A step's archive is linked from its run page at `…/{run id}/artifacts/{step id}.tar.gz`, under the same
// access rule as the page (the token kept in the page's cookie opens it).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serveStepArchive } from '../artifacts/routes.ts';
import type { EmulatorState } from '../state.ts';
import type { AppRecord, RunRecord } from '../world-records.ts';
import { pageAccess, registerLoginRoute, tokenRedirect } from './access.ts';
import { appPage } from './app-page.ts';
import { notFoundPage, sendPage, type Page } from './document.ts';
import { runPage } from './run-page.ts';

const OWNER = '/:owner(^(?!api$|_emulator$)[^/]+$)';

interface AppParams {
  owner: string;
  application: string;
}

interface RunParams extends AppParams {
  pipeline: string;
  runId: string;
}

interface ArchiveParams extends RunParams {
  archive: string;
}

/**
 * What `respond` answers for the application in the path, for whoever may read it (with the headers the
 * access check set); a 404 or token page otherwise.
 */
function answer(
  state: EmulatorState,
  request: FastifyRequest<{ Params: AppParams }>,
  reply: FastifyReply,
  respond: (app: AppRecord, headers: Record<string, string>) => FastifyReply | Promise<FastifyReply>,
): FastifyReply | Promise<FastifyReply> {
  const redirect = tokenRedirect(state, request);
  if (redirect) {
    return reply
      .code(303)
      .header('location', redirect.location)
      .header('set-cookie', redirect.cookie)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send();
  }
  const { owner, application } = request.params;
  state.world.sync();
  const app = state.world.app(owner, application);
  if (!app) return sendPage(reply, notFoundPage(`There is no application ${owner}/${application}.`));
  const access = pageAccess(state, request, app);
  if (!access.allowed) return sendPage(reply, access.page);
  return respond(app, access.headers);
}

/** `answer` for a page: `render` gives it, sent with the access check's headers. */
function answerPage(
  state: EmulatorState,
  request: FastifyRequest<{ Params: AppParams }>,
  reply: FastifyReply,
  render: (app: AppRecord) => Page,
): FastifyReply | Promise<FastifyReply> {
  return answer(state, request, reply, (app, headers) => {
    const page = render(app);
    return sendPage(reply, { ...page, headers: { ...page.headers, ...headers } });
  });
}

function queryString(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The run the path names, when it is a run of that application's pipeline. */
function runIn(state: EmulatorState, app: AppRecord, { pipeline, runId }: RunParams): RunRecord | undefined {
  const run = state.world.run(runId);
  return run?.app === app && run.pipeline.name === pipeline ? run : undefined;
}

export function registerPageRoutes(app: FastifyInstance, state: EmulatorState): void {
  registerLoginRoute(app, state);

  app.get<{ Params: AppParams }>(`${OWNER}/:application`, async (request, reply) =>
    answerPage(state, request, reply, (found) => appPage(state, found)),
  );

  app.get<{ Params: RunParams }>(`${OWNER}/:application/runs/:pipeline/:runId`, async (request, reply) =>
    answerPage(state, request, reply, (found) => {
      const { pipeline, runId } = request.params;
      const run = runIn(state, found, request.params);
      if (!run) {
        return notFoundPage(
          `There is no run ${runId} of pipeline ${pipeline} in ${found.owner.username}/${found.name}.`,
        );
      }
      return runPage(state, run, queryString(request, 'step'));
    }),
  );

  app.get<{ Params: ArchiveParams }>(
    `${OWNER}/:application/runs/:pipeline/:runId/artifacts/:archive`,
    async (request, reply) =>
      answer(state, request, reply, (found) => {
        const { runId, archive } = request.params;
        const run = runIn(state, found, request.params);
        const stepId = /^(.+)\.tar\.gz$/.exec(archive)?.[1];
        if (!run || stepId === undefined) {
          return sendPage(reply, notFoundPage(`There is no archive ${archive} of run ${runId}.`));
        }
        return serveStepArchive(state, request, reply, run, stepId);
      }),
  );
}
