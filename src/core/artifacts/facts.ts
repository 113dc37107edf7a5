// What a target's artifacts came to: one entry per step considered, the values its outputs file left, and
// the steps `if-no-artifacts` speaks of. Made by the artifacts sink for the sinks after it (the summary, the
// outputs), and the shapes of the `artifacts` and `remote-outputs` outputs.
import type { RemoteOutputs } from '../remote-outputs.ts';

/**
 * `stored` in its folder; `none` the step stored nothing (or does not exist); `refused` not a gzipped tar;
 * `failed` the read or the write failed; `not-allowed` on an origin that is not fetched; `too-large` over
 * `artifacts-max-size` or what `artifacts-max-total` had left.
 */
export type ArtifactStatus = 'stored' | 'none' | 'refused' | 'failed' | 'not-allowed' | 'too-large';

export interface ArtifactEntry {
  /** The target's label (its name among several). */
  target: string;
  /** The step's order, 0 for a named step the run does not have. */
  order: number;
  step: string;
  status: ArtifactStatus;
  /** The absolute folder (or kept archive), when stored. */
  folder?: string;
  files: number;
  bytes: number;
  attempt: number;
  /** Why it was not stored, in words; never a URL. */
  reason?: string;
}

export interface ArtifactFacts {
  /** The absolute artifacts root. */
  root: string;
  /** In step order. */
  entries: ArtifactEntry[];
  /** The outputs file's values, when `outputs-file` is set. */
  remoteOutputs?: RemoteOutputs;
  /** Steps `if-no-artifacts` speaks of: named steps that stored nothing, or `*` when no step did (`all`). */
  missing: string[];
}

/** The most entries the `artifacts` output lists. */
const MAX_ARTIFACT_ENTRIES = 1000;

/** The `artifacts` output's entries: the facts' own, at most 1,000. */
export function artifactsOutput(entries: readonly ArtifactEntry[]): ArtifactEntry[] {
  return entries.slice(0, MAX_ARTIFACT_ENTRIES);
}
