import type { FastifyInstance } from 'fastify';
import { found } from '../errors.ts';
import { pipelineWithApplicationSchema } from '../response-schemas.ts';
import type { EmulatorState } from '../state.ts';
import { pipelineSingleView } from '../views.ts';
import { getRecord } from './records.ts';

export function registerPipelineRoutes(app: FastifyInstance, state: EmulatorState): void {
  getRecord(app, state, {
    url: '/api/v3/pipelines/:pipelineId',
    schema: pipelineWithApplicationSchema,
    find: ({ pipelineId }: { pipelineId: string }) =>
      found(state.world.pipelines.get(pipelineId), `Pipeline ${pipelineId}`),
    view: pipelineSingleView,
  });
}
