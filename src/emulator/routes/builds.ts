import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { found } from '../errors.ts';
import { requireViewer, requireWrite, viewContext } from '../http.ts';
import { buildTriggerBody } from '../request-schemas.ts';
import { buildSchema, buildTriggerSchema, deploySchema } from '../response-schemas.ts';
import type { EmulatorState } from '../state.ts';
import { buildView, deployView } from '../views.ts';
import type { BuildRecord } from '../world-records.ts';
import { abortRecord, triggerOptions } from './executions.ts';
import { getRecord } from './records.ts';

type BuildTriggerBody = v.InferOutput<typeof buildTriggerBody>;

export function registerBuildRoutes(app: FastifyInstance, state: EmulatorState): void {
  const findBuild = ({ buildId }: { buildId: string }): BuildRecord =>
    found(state.world.build(buildId), `Build ${buildId}`);

  getRecord(app, state, {
    url: '/api/v3/builds/:buildId',
    schema: buildSchema,
    find: findBuild,
    view: (ctx, build) => buildView(ctx, build, 'single'),
  });

  app.post<{ Body: BuildTriggerBody }>(
    '/api/v3/builds',
    { schema: { body: buildTriggerBody, response: { 200: buildTriggerSchema } } },
    async (request) => {
      const body = request.body;
      const options = triggerOptions(body);
      const application = found(state.world.appById(body.applicationId), `Application ${body.applicationId}`);
      requireWrite(state, request, application);
      const build = state.world.triggerBuild({
        app: application,
        user: requireViewer(request),
        ...options,
      });
      return buildView(viewContext(state, request), build, 'trigger');
    },
  );

  abortRecord(app, state, {
    url: '/api/v3/builds/:buildId/abort',
    schema: buildSchema,
    find: findBuild,
    view: (ctx, build) => buildView(ctx, build, 'abort'),
  });

  getRecord(app, state, {
    url: '/api/v3/deploys/:deployId',
    schema: deploySchema,
    find: ({ deployId }: { deployId: string }) => found(state.world.deploy(deployId), `Deploy ${deployId}`),
    view: deployView,
  });
}
