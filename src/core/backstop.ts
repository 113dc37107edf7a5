// What the post entry has left to abort after a main entry that did not settle the remote work: the
// run (or build) main saved and the other runs of its workflow, and the run of a trigger that was in
// flight, found the way a lost trigger response is. With `retries` both can be there at once: an
// attempt that finished, and the next one's trigger in flight.
import type { CallOptions, CiApi } from './api-port.ts';
import type { Run } from '../api/types.ts';
import type { SavedState, TargetState } from './contract.ts';
import type { FingerprintKey } from './fingerprint.ts';
import { buildRef, runRef, type RemoteRef } from './refs.ts';
import { findTriggeredRuns } from './trigger.ts';

export interface LeftWork {
  refs: RemoteRef[];
  /** How many runs matched the trigger in flight when more than one did: none of them is taken. */
  ambiguous?: number;
  /** Searches for a trigger in flight that could not be finished (in time); the saved work still counts. */
  unsearched?: number;
}

type Saved = Pick<Partial<SavedState>, 'kind' | 'id' | 'workflowRuns' | 'pendingTrigger'>;

/**
 * `key` is the fingerprint's key, made again from the token as main made it; `call` bounds the search
 * for a trigger in flight (the post step has a budget).
 */
export async function leftWork(
  client: CiApi,
  state: Saved,
  key: FingerprintKey,
  call?: CallOptions,
): Promise<LeftWork> {
  // Built from the API root and the ids: a saved URL is never where an abort is sent.
  const saved = state.id
    ? [
        (state.kind === 'build' ? buildRef : runRef)(client.apiUrl, state.id),
        ...(state.workflowRuns ?? []).map((id) => runRef(client.apiUrl, id)),
      ]
    : [];
  if (!state.pendingTrigger) return { refs: saved };
  let candidates: Run[];
  try {
    candidates = await findTriggeredRuns(client, state.pendingTrigger, key, call);
  } catch {
    return { refs: saved, unsearched: 1 };
  }
  if (candidates.length > 1) return { refs: saved, ambiguous: candidates.length };
  const inFlight = candidates.map((run) => runRef(client.apiUrl, run.id));
  return { refs: [...saved, ...inFlight.filter((ref) => ref.id !== state.id)] };
}

/** With several targets: what each unsettled target left, looked for at the same time. */
export async function leftWorkOfTargets(
  client: CiApi,
  targets: readonly TargetState[],
  key: FingerprintKey,
  call?: CallOptions,
): Promise<LeftWork> {
  const unsettled = targets.filter((target) => !target.settled && (target.id || target.pendingTrigger));
  const each = await Promise.all(unsettled.map((target) => leftWork(client, target, key, call)));
  const ambiguous = each.reduce((sum, left) => sum + (left.ambiguous ?? 0), 0);
  const unsearched = each.reduce((sum, left) => sum + (left.unsearched ?? 0), 0);
  return {
    refs: each.flatMap((left) => left.refs),
    ...(ambiguous > 0 ? { ambiguous } : {}),
    ...(unsearched > 0 ? { unsearched } : {}),
  };
}
