import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { canRead, requireRead, requireWrite, viewContext, viewer } from '../http.ts';
import {
  applicationsQuery,
  buildsQuery,
  deploysQuery,
  patchApplicationBody,
  pipelinesQuery,
} from '../request-schemas.ts';
import {
  applicationListItemSchema,
  applicationSchema,
  arrayOf,
  buildListItemSchema,
  deployListItemSchema,
  pipelineSchema,
} from '../response-schemas.ts';
import type { EmulatorState } from '../state.ts';
import { applicationListView, applicationSingleView } from '../shaped-views.ts';
import { buildListView, deployListView, classicStatusOf, pipelineView, type ViewContext } from '../views.ts';
import type { AppRecord, BuildRecord, DeployRecord } from '../world-records.ts';
import { byCreation, page } from './paging.ts';

interface AppParams {
  username: string;
  application: string;
}

interface ExecutionFilters {
  result?: string;
  stack?: number;
  status?: string;
  limit: number;
  skip: number;
  sort: string;
}

function findApp(state: EmulatorState, params: AppParams): AppRecord {
  const app = state.world.app(params.username, params.application);
  if (!app) throw notFound(`Application ${params.username}/${params.application} not found`);
  return app;
}

const READ_ACTIONS = [
  'read_project',
  'list_builds',
  'read_build',
  'list_runs',
  'read_run',
  'list_runsteps',
  'read_runstep',
  'list_workflows',
  'follow_project',
  'unfollow_project',
];
const WRITE_ACTIONS = [
  'update_project',
  'build_project',
  'rebuild_build',
  'abort_build',
  'create_run',
  'abort_run',
  'read_env_var',
  'create_env_var',
  'update_env_var',
  'delete_env_var',
  'deploy_build',
  'abort_deploy',
];

/** What the viewer may do with the application, in the real service's words: members may also write. */
function allowedActions(member: boolean): string[] {
  return member ? [...WRITE_ACTIONS, ...READ_ACTIONS] : [...READ_ACTIONS];
}

const APPLICATION_ORDER: Record<string, (a: AppRecord, b: AppRecord) => number> = {
  nameAsc: (a, b) => a.name.localeCompare(b.name),
  nameDesc: (a, b) => b.name.localeCompare(a.name),
  createdAtAsc: (a, b) => a.createdAt - b.createdAt,
  createdAtDesc: (a, b) => b.createdAt - a.createdAt,
  updatedAtAsc: (a, b) => a.updatedAt - b.updatedAt,
  updatedAtDesc: (a, b) => b.updatedAt - a.updatedAt,
};

export function registerApplicationRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get<{
    Params: { username: string };
    Querystring: { stack?: number; limit: number; skip: number; sort: string };
  }>(
    '/api/v3/applications/:username',
    {
      schema: { querystring: applicationsQuery, response: { 200: arrayOf(applicationListItemSchema) } },
    },
    async (request) => {
      const owner = state.world.user(request.params.username);
      if (!owner) throw notFound(`User ${request.params.username} not found`);
      const { stack, limit, skip, sort } = request.query;
      const order = APPLICATION_ORDER[sort] ?? APPLICATION_ORDER.nameAsc;
      const visible = state.world.apps
        .filter((candidate) => candidate.owner === owner && canRead(state, viewer(request), candidate))
        .filter((candidate) => stack === undefined || candidate.stack === stack)
        .sort((a, b) => order?.(a, b) || a.id.localeCompare(b.id));
      const ctx = viewContext(state, request);
      return page(visible, skip, limit).map((candidate) => applicationListView(ctx, candidate));
    },
  );

  app.get<{ Params: AppParams }>(
    '/api/v3/applications/:username/:application',
    { schema: { response: { 200: applicationSchema } } },
    async (request) => {
      const found = findApp(state, request.params);
      requireRead(state, request, found);
      const actions = allowedActions(state.world.isMember(viewer(request), found));
      return applicationSingleView(viewContext(state, request), found, actions);
    },
  );

  app.patch<{ Params: AppParams; Body: { ignoredBranches: string[] } }>(
    '/api/v3/applications/:username/:application',
    { schema: { body: patchApplicationBody, response: { 200: applicationSchema } } },
    async (request) => {
      const found = findApp(state, request.params);
      requireWrite(state, request, found);
      state.world.setIgnoredBranches(found, request.body.ignoredBranches);
      // The recorded PATCH answer leaves allowedActions out.
      return applicationSingleView(viewContext(state, request), found, undefined);
    },
  );

  registerHistoryRoutes(app, state);
}

/** The builds, deploys and pipelines of an application. */
function registerHistoryRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get<{ Params: AppParams; Querystring: ExecutionFilters & { branch?: string; commit?: string } }>(
    '/api/v3/applications/:username/:application/builds',
    {
      schema: { querystring: buildsQuery, response: { 200: arrayOf(buildListItemSchema) } },
    },
    async (request) => {
      const { branch, commit } = request.query;
      return listClassic(state, request, state.world.builds, buildListView, (build) => {
        if (branch !== undefined && build.branch !== branch) return false;
        return commit === undefined || build.commitHash === commit;
      });
    },
  );

  app.get<{ Params: AppParams; Querystring: ExecutionFilters & { buildId?: string } }>(
    '/api/v3/applications/:username/:application/deploys',
    {
      schema: { querystring: deploysQuery, response: { 200: arrayOf(deployListItemSchema) } },
    },
    async (request) => {
      const { buildId } = request.query;
      return listClassic(
        state,
        request,
        state.world.deploys,
        deployListView,
        (deploy) => buildId === undefined || deploy.build.id === buildId,
      );
    },
  );

  app.get<{ Params: AppParams; Querystring: { limit: number; skip: number } }>(
    '/api/v3/applications/:username/:application/pipelines',
    {
      schema: { querystring: pipelinesQuery, response: { 200: arrayOf(pipelineSchema) } },
    },
    async (request) => {
      const found = findApp(state, request.params);
      requireRead(state, request, found);
      const ctx = viewContext(state, request);
      return page(found.pipelines, request.query.skip, request.query.limit).map((pipeline) =>
        pipelineView(ctx, pipeline),
      );
    },
  );
}

/**
 * One page of the builds or deploys of the application in the path that pass `keep` and the state filters,
 * newest first unless sorted otherwise.
 */
function listClassic<T extends BuildRecord | DeployRecord, View>(
  state: EmulatorState,
  request: FastifyRequest<{ Params: AppParams; Querystring: ExecutionFilters }>,
  records: readonly T[],
  view: (ctx: ViewContext, record: T) => View,
  keep: (record: T) => boolean,
): View[] {
  const found = findApp(state, request.params);
  requireRead(state, request, found);
  const q = request.query;
  const ctx = viewContext(state, request);
  if (!hasClassicHistory(found, q.stack)) return [];
  const matching = records.filter(
    (record) => record.app === found && keep(record) && matchesState(state, ctx.now, record, q),
  );
  return page(
    byCreation(matching, (record) => record.plan.createdAt, q.sort),
    q.skip,
    q.limit,
  ).map((record) => view(ctx, record));
}

/** Builds and deploys lists are empty for workflow-stack (6) applications, as on real servers. */
function hasClassicHistory(app: AppRecord, stack: number | undefined): boolean {
  if (app.stack === 6) return false;
  return stack === undefined || stack === app.stack;
}

function matchesState(
  state: EmulatorState,
  now: number,
  exec: BuildRecord | DeployRecord,
  q: { status?: string; result?: string },
): boolean {
  if (q.status === undefined && q.result === undefined) return true;
  const current = state.world.stateOf(exec, now);
  if (q.status !== undefined && classicStatusOf(current.phase) !== q.status) return false;
  return q.result === undefined || current.result === q.result;
}
