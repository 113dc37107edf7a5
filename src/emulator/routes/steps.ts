import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { notFound } from '../errors.ts';
import { requireRead, viewContext } from '../http.ts';
import { stepLog } from '../logs.ts';
import { arrayOf, stepSchema } from '../response-schemas.ts';
import type { EmulatorState } from '../state.ts';
import type { StepState } from '../timeline.ts';
import { pendingStepView, stepView, type ViewContext } from '../views.ts';
import type { RunRecord } from '../world-records.ts';
import { findRun } from './runs.ts';

/** A step that has started; one that has not is listed with its run's steps but has no resource or log yet. */
function findStep(state: EmulatorState, ctx: ViewContext, id: string): { run: RunRecord; step: StepState } {
  const ref = state.world.step(id);
  if (ref?.owner.kind === 'run') {
    const step = state.world.stateOf(ref.owner, ctx.now).steps.find((candidate) => candidate.step.id === id);
    if (step) return { run: ref.owner, step };
  }
  throw notFound(`Step ${id} not found`);
}

export function registerStepRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get<{ Params: { runId: string } }>(
    '/api/v3/runs/:runId/steps',
    {
      schema: { response: { 200: arrayOf(stepSchema) } },
    },
    async (request) => {
      const run = findRun(state, request.params.runId);
      requireRead(state, request, run.app);
      const ctx = viewContext(state, request);
      const exec = state.world.stateOf(run, ctx.now);
      if (exec.phase === 'queued') return [];
      const started = exec.steps.map((step) => stepView(ctx, run, step));
      const pending = run.plan.steps.slice(exec.steps.length).map((step) => pendingStepView(ctx, run, step));
      return [...started, ...pending];
    },
  );

  app.get<{ Params: { stepId: string } }>(
    '/api/v3/runsteps/:stepId',
    { schema: { response: { 200: stepSchema } } },
    async (request) => {
      const ctx = viewContext(state, request);
      const { run, step } = findStep(state, ctx, request.params.stepId);
      requireRead(state, request, run.app);
      return stepView(ctx, run, step);
    },
  );

  app.get<{ Params: { stepId: string } }>('/api/v3/runsteps/:stepId/log', async (request, reply) => {
    const ctx = viewContext(state, request);
    const { run, step } = findStep(state, ctx, request.params.stepId);
    requireRead(state, request, run.app);
    const lines = stepLog({
      step: step.step,
      state: step,
      now: ctx.now,
      ...(run.plan.logBytes !== undefined ? { logBytes: run.plan.logBytes } : {}),
    });
    return reply.type('text/plain; charset=utf-8').send(Readable.from(lines, { objectMode: false }));
  });

  app.get<{ Params: { stepId: string } }>('/api/v3/runsteps/:stepId/artifacts', async (request, reply) => {
    const ctx = viewContext(state, request);
    const { run, step } = findStep(state, ctx, request.params.stepId);
    requireRead(state, request, run.app);
    if (!step.step.artifacts || !step.finished) throw notFound(`Step ${step.step.id} has no artifacts`);
    const listing = `artifacts of step "${step.step.name}" of run ${run.id}\noutput/app.tar.gz\noutput/report.xml\n`;
    return reply.type('application/octet-stream').send(Buffer.from(listing));
  });
}
