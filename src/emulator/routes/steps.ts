import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { boom, notFound } from '../errors.ts';
import { requireRead, viewContext } from '../http.ts';
import { stepLog, type StepLog } from '../logs.ts';
import { arrayOf, stepSchema } from '../response-schemas.ts';
import type { EmulatorState } from '../state.ts';
import type { PlannedStep, StepState } from '../timeline.ts';
import { pendingStepView, stepView, type ViewContext } from '../views.ts';
import type { RunRecord } from '../world-records.ts';
import { rangeOf } from './log-range.ts';
import { findRun } from './runs.ts';

interface FoundStep {
  run: RunRecord;
  step: PlannedStep;
  /** Undefined while the step has not started. */
  state: StepState | undefined;
}

/**
 * A step of a run that has started, whether the step itself has started or not: its run lists every
 * step from then on, and each one's `url` and `logUrl` answer. A queued run lists none, so its steps are 404.
 */
function findStep(state: EmulatorState, ctx: ViewContext, id: string): FoundStep {
  const ref = state.world.step(id);
  if (ref?.owner.kind === 'run') {
    const exec = state.world.stateOf(ref.owner, ctx.now);
    if (exec.phase !== 'queued') {
      const started = exec.steps.find((candidate) => candidate.step.id === id);
      return { run: ref.owner, step: ref.step, state: started };
    }
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
      const found = findStep(state, ctx, request.params.stepId);
      requireRead(state, request, found.run.app);
      return found.state
        ? stepView(ctx, found.run, found.state)
        : pendingStepView(ctx, found.run, found.step);
    },
  );

  app.get<{ Params: { stepId: string } }>('/api/v3/runsteps/:stepId/log', async (request, reply) => {
    const ctx = viewContext(state, request);
    const found = findStep(state, ctx, request.params.stepId);
    requireRead(state, request, found.run.app);
    if (state.quirks.logsWhenFinished && !found.state?.finished) {
      // What a server that stores a log only once its step has ended answers before then.
      throw notFound(`Step ${found.step.id} has no log yet: its log is kept once the step has finished`);
    }
    const log = stepLog({ step: found.step, state: found.state, now: ctx.now, plan: found.run.plan });
    return sendLog(request, reply, log, !state.quirks.ignoreRange);
  });
}

/** The log as far as it has been written, or the part of it a `Range: bytes=N-` asks for. */
function sendLog(request: FastifyRequest, reply: FastifyReply, log: StepLog, honourRange: boolean) {
  const stream = (start?: number, end?: number) =>
    Readable.from(log.bytes(start, end), { objectMode: false });
  void reply.type('text/plain; charset=utf-8');
  if (!honourRange) return reply.send(stream());
  void reply.header('accept-ranges', 'bytes');
  const range = rangeOf(request.headers.range, log.byteLength);
  if (range.kind === 'whole') return reply.send(stream());
  if (range.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${log.byteLength}`)
      .type('application/json; charset=utf-8')
      .send(boom(416, `The log has ${log.byteLength} bytes so far`));
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end - 1}/${log.byteLength}`)
    .send(stream(range.start, range.end));
}
