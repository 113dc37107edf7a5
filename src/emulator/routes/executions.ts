// What the run and build routes share: the common trigger options and the abort route.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';
import { requireWrite } from '../http.ts';
import type { EmulatorState } from '../state.ts';
import type { BuildRecord, RunRecord, TriggerOptions } from '../world-records.ts';
import { registerRecordRoute, type RecordRoute } from './records.ts';

/** The options every trigger takes; a commit without its branch is refused before anything is looked up. */
export function triggerOptions(body: TriggerOptions): TriggerOptions {
  if (body.commitHash !== undefined && body.branch === undefined)
    throw badRequest('commitHash requires branch');
  return {
    ...(body.branch !== undefined ? { branch: body.branch } : {}),
    ...(body.commitHash !== undefined ? { commitHash: body.commitHash } : {}),
    ...(body.message !== undefined ? { message: body.message } : {}),
    envVars: (body.envVars ?? []).map(({ key, value }) => ({ key, value })),
  };
}

/** PUT the route: aborts the run or build of the path, for a caller who may write to its application. */
export function abortRecord<P, R extends RunRecord | BuildRecord>(
  app: FastifyInstance,
  state: EmulatorState,
  route: RecordRoute<P, R>,
): void {
  registerRecordRoute(app, state, 'PUT', route, requireWrite, (exec, now) => abortRunning(state, exec, now));
}

/** Aborts a running run or build at `now`; one still queued or already finished is refused. */
function abortRunning(state: EmulatorState, exec: RunRecord | BuildRecord, now: number): void {
  const noun = exec.kind === 'run' ? 'Run' : 'Build';
  const phase = state.world.stateOf(exec, now).phase;
  if (phase === 'queued') throw badRequest(`${noun} ${exec.id} has not started yet and cannot be aborted`);
  if (phase === 'finished') throw badRequest(`${noun} ${exec.id} is already finished`);
  state.world.abort(exec, now);
}
