import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { notFound } from '../errors.ts';
import { requireRead, requireViewer, requireWrite, viewContext } from '../http.ts';
import { buildTriggerBody } from '../request-schemas.ts';
import { buildSchema, buildTriggerSchema, deploySchema } from '../response-schemas.ts';
import type { EmulatorState } from '../state.ts';
import { buildView, deployView } from '../views.ts';
import type { BuildRecord } from '../world-records.ts';
import { abortRunning, triggerOptions } from './executions.ts';

type BuildTriggerBody = v.InferOutput<typeof buildTriggerBody>;

function findBuild(state: EmulatorState, id: string): BuildRecord {
  const build = state.world.build(id);
  if (!build) throw notFound(`Build ${id} not found`);
  return build;
}

export function registerBuildRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get<{ Params: { buildId: string } }>(
    '/api/v3/builds/:buildId',
    { schema: { response: { 200: buildSchema } } },
    async (request) => {
      const build = findBuild(state, request.params.buildId);
      requireRead(state, request, build.app);
      return buildView(viewContext(state, request), build, 'single');
    },
  );

  app.post<{ Body: BuildTriggerBody }>(
    '/api/v3/builds',
    { schema: { body: buildTriggerBody, response: { 200: buildTriggerSchema } } },
    async (request) => {
      const body = request.body;
      const options = triggerOptions(body);
      const application = state.world.appById(body.applicationId);
      if (!application) throw notFound(`Application ${body.applicationId} not found`);
      requireWrite(state, request, application);
      const build = state.world.triggerBuild({
        app: application,
        user: requireViewer(request),
        ...options,
      });
      return buildView(viewContext(state, request), build, 'trigger');
    },
  );

  app.put<{ Params: { buildId: string } }>(
    '/api/v3/builds/:buildId/abort',
    { schema: { response: { 200: buildSchema } } },
    async (request) => {
      const build = findBuild(state, request.params.buildId);
      requireWrite(state, request, build.app);
      const ctx = viewContext(state, request);
      abortRunning(state, build, ctx.now);
      return buildView(ctx, build, 'abort');
    },
  );

  app.get<{ Params: { deployId: string } }>(
    '/api/v3/deploys/:deployId',
    { schema: { response: { 200: deploySchema } } },
    async (request) => {
      const deploy = state.world.deploy(request.params.deployId);
      if (!deploy) throw notFound(`Deploy ${request.params.deployId} not found`);
      requireRead(state, request, deploy.app);
      return deployView(viewContext(state, request), deploy);
    },
  );
}
