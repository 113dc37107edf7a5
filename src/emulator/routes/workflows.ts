import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { requireRead, viewContext } from '../http.ts';
import { workflowsQuery } from '../request-schemas.ts';
import { arrayOf, workflowListItemSchema, workflowSchema } from '../response-schemas.ts';
import type { EmulatorState } from '../state.ts';
import { workflowView } from '../views.ts';
import { byCreation, page } from './paging.ts';

export function registerWorkflowRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get<{ Querystring: { applicationId: string; limit: number; skip: number; sort: string } }>(
    '/api/v3/workflows',
    { schema: { querystring: workflowsQuery, response: { 200: arrayOf(workflowListItemSchema) } } },
    async (request) => {
      const { applicationId, limit, skip, sort } = request.query;
      const application = state.world.appById(applicationId);
      if (!application) throw notFound(`Application ${applicationId} not found`);
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

  app.get<{ Params: { workflowId: string } }>(
    '/api/v3/workflows/:workflowId',
    {
      schema: { response: { 200: workflowSchema } },
    },
    async (request) => {
      const workflow = state.world.workflow(request.params.workflowId);
      if (!workflow) throw notFound(`Workflow ${request.params.workflowId} not found`);
      requireRead(state, request, workflow.app);
      return workflowView(viewContext(state, request), workflow, true);
    },
  );
}
