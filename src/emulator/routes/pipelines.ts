import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { requireRead, viewContext } from '../http.ts';
import { pipelineWithApplicationSchema } from '../response-schemas.ts';
import type { EmulatorState } from '../state.ts';
import { pipelineSingleView } from '../views.ts';

export function registerPipelineRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get<{ Params: { pipelineId: string } }>(
    '/api/v3/pipelines/:pipelineId',
    {
      schema: { response: { 200: pipelineWithApplicationSchema } },
    },
    async (request) => {
      const pipeline = state.world.pipelines.get(request.params.pipelineId);
      if (!pipeline) throw notFound(`Pipeline ${request.params.pipelineId} not found`);
      requireRead(state, request, pipeline.app);
      return pipelineSingleView(viewContext(state, request), pipeline);
    },
  );
}
