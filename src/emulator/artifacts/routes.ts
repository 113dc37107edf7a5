// Where artifacts are served. On the API's origin, `GET /api/v3/runsteps/:stepId/artifacts` (the default
// `artifactsUrl`, read like any API resource, so a private application's needs the token), which answers
// 302 to a signed storage URL under the redirect quirks. On both origins, `GET /storage/:stepId/artifacts.tar.gz`
// with a signed query; the storage origin (storage-server.ts) refuses any request that carries a token.
// The run page links its own route (pages/routes.ts), which reads the archive through `serveStepArchive`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../errors.ts';
import { requireRead, viewContext } from '../http.ts';
import type { EmulatorState } from '../state.ts';
import type { StepState } from '../timeline.ts';
import type { RunRecord } from '../world-records.ts';
import { sendArchive } from './serve-archive.ts';
import { availability, hasArtifacts, STORAGE_PREFIX } from './service.ts';

interface StoredStep {
  run: RunRecord;
  state: StepState & { finishedAt: number };
}

/** A step of a run that has finished and stored something; else a 404. */
function storedStep(state: EmulatorState, stepId: string, now: number): StoredStep {
  const ref = state.world.step(stepId);
  if (ref?.owner.kind === 'run') {
    const found = state.world.stateOf(ref.owner, now).steps.find((candidate) => candidate.step.id === stepId);
    if (hasArtifacts(found)) return { run: ref.owner, state: found };
  }
  throw notFound(`Step ${stepId} has no artifacts`);
}

async function serveStored(
  state: EmulatorState,
  request: FastifyRequest,
  reply: FastifyReply,
  { state: step }: StoredStep,
  now: number,
): Promise<FastifyReply> {
  const available = availability(state.quirks, step.finishedAt, now);
  if (available === 'late') throw notFound(`Step ${step.step.id} has no artifacts yet`);
  if (available === 'gone') throw new ApiError(410, `The artifacts of step ${step.step.id} are gone`);
  const stores = step.step.stores;
  if (!stores) throw notFound(`Step ${step.step.id} has no artifacts`);
  const archive = await state.artifacts.archives.archive(stores, step.step.name, step.result === 'failed');
  return sendArchive(request, reply, archive, step.finishedAt, state.quirks.artifactsNoRange);
}

/**
 * The archive of `stepId`, a step of `run`, as it is now; a 404 when the step is another run's or stored
 * nothing. For the pages, whose access rule has already been applied to the run's application.
 */
export async function serveStepArchive(
  state: EmulatorState,
  request: FastifyRequest,
  reply: FastifyReply,
  run: RunRecord,
  stepId: string,
): Promise<FastifyReply> {
  const now = state.world.now();
  const stored = storedStep(state, stepId, now);
  if (stored.run !== run) throw notFound(`Step ${stepId} has no artifacts`);
  return serveStored(state, request, reply, stored, now);
}

export function registerArtifactRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get<{ Params: { stepId: string } }>('/api/v3/runsteps/:stepId/artifacts', async (request, reply) => {
    const ctx = viewContext(state, request);
    const stored = storedStep(state, request.params.stepId, ctx.now);
    requireRead(state, request, stored.run.app);
    const { artifacts, quirks } = state;
    if (quirks.artifactsRedirect && artifacts.storageBase !== undefined) {
      return reply.redirect(artifacts.signedUrl(stored.state.step.id, ctx.now), 302);
    }
    if (quirks.artifactsRedirectSameOrigin) {
      return reply.redirect(artifacts.signedUrl(stored.state.step.id, ctx.now, ctx.base), 302);
    }
    return serveStored(state, request, reply, stored, ctx.now);
  });
  registerStorageRoute(app, state);
}

/** The signed archive route, on either origin. */
export function registerStorageRoute(app: FastifyInstance, state: EmulatorState): void {
  app.get<{ Params: { stepId: string }; Querystring: Record<string, unknown> }>(
    `${STORAGE_PREFIX}/:stepId/artifacts.tar.gz`,
    async (request, reply) => {
      const now = state.world.now();
      const path = state.artifacts.storagePath(request.params.stepId);
      const signed = state.artifacts.signer.check(path, request.query.expires, request.query.signature, now);
      if (signed === 'invalid') throw new ApiError(403, 'The signature does not match');
      if (signed === 'expired') throw new ApiError(403, 'Request has expired');
      return serveStored(state, request, reply, storedStep(state, request.params.stepId, now), now);
    },
  );
}
