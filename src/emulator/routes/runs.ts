import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { badRequest, found, notFound } from '../errors.ts';
import { requireRead, requireViewer, requireWrite, viewContext } from '../http.ts';
import { RUN_TRIGGER_KEYS, runsQuery, runTriggerBody } from '../request-schemas.ts';
import { arrayOf, runListItemSchema, runSchema, runTriggerSchema } from '../response-schemas.ts';
import type { EmulatorState } from '../state.ts';
import { digest } from '../model/ids.ts';
import { goTriggerRunView, runView, statusOf, type ViewContext } from '../views.ts';
import type { RunRecord } from '../world-records.ts';
import { abortRecord, triggerOptions } from './executions.ts';
import { byCreation, page } from './paging.ts';
import { getRecord } from './records.ts';

type RunsQuery = v.InferOutput<typeof runsQuery>;
type RunTriggerBody = v.InferOutput<typeof runTriggerBody>;

export function findRun(state: EmulatorState, id: string): RunRecord {
  return found(state.world.run(id), `Run ${id}`);
}

/** Whether `run` passes the filters of GET /runs other than its application or pipeline. */
function matchesFilters(ctx: ViewContext, run: RunRecord, q: RunsQuery): boolean {
  if (q.branch !== undefined && run.branch !== q.branch) return false;
  if (q.tag !== undefined && run.tag !== q.tag) return false;
  if (q.commit !== undefined && run.commitHash !== q.commit) return false;
  if (q.sourceRun !== undefined && run.sourceRun?.id !== q.sourceRun) return false;
  if (q.author !== undefined && run.user.username.toLowerCase() !== q.author.toLowerCase()) return false;
  if (q.status === undefined && q.result === undefined) return true;
  const runState = ctx.world.stateOf(run, ctx.now);
  if (q.status !== undefined && statusOf(runState.phase, ctx.quirks) !== q.status) return false;
  return q.result === undefined || runState.result === q.result;
}

/**
 * The body without the keys POST /runs does not know: real clients sent `sourceRun` (the PHP SDK) and
 * `targetId` (an early werckerclient), which the real endpoint most likely ignored.
 */
function knownKeysOnly<T>(body: T): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => RUN_TRIGGER_KEYS.includes(key))) as T;
}

/** Triggers the run a POST /runs asks for, once the pipeline, the source run and the caller are checked. */
function trigger(state: EmulatorState, request: FastifyRequest<{ Body: RunTriggerBody }>): RunRecord {
  const body = request.body;
  const options = triggerOptions(body);
  const pipeline = found(state.world.pipelines.get(body.pipelineId), `Pipeline ${body.pipelineId}`);
  requireWrite(state, request, pipeline.app);
  const sourceRun = body.sourceRunId !== undefined ? state.world.run(body.sourceRunId) : undefined;
  if (body.sourceRunId !== undefined) {
    if (!sourceRun) throw notFound(`Source run ${body.sourceRunId} not found`);
    requireRead(state, request, sourceRun.app);
  }
  return state.world.triggerRun({
    pipeline,
    user: requireViewer(request),
    ...options,
    ...(body.tag !== undefined ? { tag: body.tag } : {}),
    ...(sourceRun ? { sourceRun } : {}),
  });
}

export function registerRunRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get<{ Querystring: RunsQuery }>(
    '/api/v3/runs',
    { schema: { querystring: runsQuery, response: { 200: arrayOf(runListItemSchema) } } },
    async (request) => {
      const q = request.query;
      if (q.applicationId === undefined && q.pipelineId === undefined) {
        throw badRequest('applicationId or pipelineId is required');
      }
      const { world } = state;
      const application = q.applicationId !== undefined ? world.appById(q.applicationId) : undefined;
      if (q.applicationId !== undefined && !application)
        throw notFound(`Application ${q.applicationId} not found`);
      const pipeline = q.pipelineId !== undefined ? world.pipelines.get(q.pipelineId) : undefined;
      if (q.pipelineId !== undefined && !pipeline) throw notFound(`Pipeline ${q.pipelineId} not found`);
      if (application) requireRead(state, request, application);
      if (pipeline) requireRead(state, request, pipeline.app);
      const ctx = viewContext(state, request);
      const matching = world.runs.filter((run) => {
        if (application && run.app !== application) return false;
        if (pipeline && run.pipeline !== pipeline) return false;
        return matchesFilters(ctx, run, q);
      });
      const limit = q.limit ?? (state.quirks.runsDefaultLimit10 ? 10 : 20);
      const sorted = byCreation(matching, (run) => run.plan.createdAt, q.sort);
      return page(sorted, q.skip, limit).map((run) => runView(ctx, run, 'list'));
    },
  );

  const find = ({ runId }: { runId: string }) => findRun(state, runId);
  getRecord(app, state, {
    url: '/api/v3/runs/:runId',
    schema: runSchema,
    find,
    view: (ctx, run) => runView(ctx, run, 'single'),
  });

  app.post<{ Body: RunTriggerBody }>(
    '/api/v3/runs',
    {
      schema: { body: runTriggerBody, response: { 200: runTriggerSchema } },
      preValidation: async (request) => {
        if (state.quirks.lenientTriggerBody) request.body = knownKeysOnly(request.body);
      },
    },
    async (request, reply) => {
      const run = trigger(state, request);
      const ctx = viewContext(state, request);
      if (state.quirks.goTriggerResponse) {
        // Sent as bytes: fastify then neither serialises nor adds a charset, as the Go backend did not.
        return reply
          .header('content-type', 'application/json')
          .header('x-wercker-trace-id', digest(`trace:${run.id}`, 16))
          .send(Buffer.from(JSON.stringify(goTriggerRunView(ctx, run))));
      }
      return runView(ctx, run, 'trigger');
    },
  );

  abortRecord(app, state, {
    url: '/api/v3/runs/:runId/abort',
    schema: runSchema,
    find,
    view: (ctx, run) => runView(ctx, run, 'abort'),
  });
}
