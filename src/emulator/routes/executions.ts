// What the run and build routes share: the common trigger options and the abort rules.
import { badRequest } from '../errors.ts';
import type { EmulatorState } from '../state.ts';
import type { BuildRecord, EnvVar, RunRecord } from '../world-records.ts';

interface TriggerBody {
  branch?: string;
  commitHash?: string;
  message?: string;
  envVars?: { key: string; value: string }[];
}

interface TriggerOptions {
  branch?: string;
  commitHash?: string;
  message?: string;
  envVars: EnvVar[];
}

/** The options every trigger takes; a commit without its branch is refused before anything is looked up. */
export function triggerOptions(body: TriggerBody): TriggerOptions {
  if (body.commitHash !== undefined && body.branch === undefined)
    throw badRequest('commitHash requires branch');
  return {
    ...(body.branch !== undefined ? { branch: body.branch } : {}),
    ...(body.commitHash !== undefined ? { commitHash: body.commitHash } : {}),
    ...(body.message !== undefined ? { message: body.message } : {}),
    envVars: (body.envVars ?? []).map(({ key, value }) => ({ key, value })),
  };
}

/** Aborts a running run or build at `now`; one still queued or already finished is refused. */
export function abortRunning(state: EmulatorState, exec: RunRecord | BuildRecord, now: number): void {
  const noun = exec.kind === 'run' ? 'Run' : 'Build';
  const phase = state.world.stateOf(exec, now).phase;
  if (phase === 'queued') throw badRequest(`${noun} ${exec.id} has not started yet and cannot be aborted`);
  if (phase === 'finished') throw badRequest(`${noun} ${exec.id} is already finished`);
  state.world.abort(exec, now);
}
