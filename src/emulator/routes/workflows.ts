import type { FastifyInstance } from 'fastify';
import { found } from '../errors.ts';
import { requireRead, viewContext } from '../http.ts';
import { workflowsQuery } from '../request-schemas.ts';
import { arrayOf, workflowListItemSchema, workflowSchema } from '../response-schemas.ts';
import type { EmulatorState } from '../state.ts';
import { workflowView } from '../views.ts';
import { byCreation, page } from './paging.ts';
import { getRecord } from './records.ts';

export function registerWorkflowRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get<{ Querystring: { applicationId: string; limit: number; skip: number; sort: string } }>(
    '/api/v3/workflows',
    { schema: { querystring: workflowsQuery, response: { 200: arrayOf(workflowListItemSchema) } } },
    async (request) => {
      const { applicationId, limit, skip, sort } = request.query;
      const application = found(state.world.appById(applicationId), `Application ${applicationId}`);
      requireRead(state, request, application);
      const ctx = viewContext(state, request);
      const workflows = state.world.workflows.filter((workflow) => workflow.app === application);
      return page(
        byCreation(workflows, (workflow) => workflow.createdAt, sort),
        skip,
        limit,
      ).map((workflow) => workflowView(ctx, workflow, false));
    },
  );

  getRecord(app, state, {
    url: '/api/v3/workflows/:workflowId',
    schema: workflowSchema,
    find: ({ workflowId }: { workflowId: string }) =>
      found(state.world.workflow(workflowId), `Workflow ${workflowId}`),
    view: (ctx, workflow) => workflowView(ctx, workflow, true),
  });
}
