// The step's outcome with several targets: it passes only when every target passed (each gated as
// alone, so `propagate-failure: false` still lets a failed target pass), and says how many ended how.
import type { Result } from '../../api/types.ts';
import { decideOutcome, type Outcome } from '../outcome.ts';
import type { Settings } from '../settings.ts';
import type { Conclusion } from './events.ts';
import type { OutcomeKind } from '../outcome-kind.ts';
import type { TargetEnd } from './several-types.ts';

/** Worst first: the kind the step reports is the worst of its targets'. */
const SEVERITY: readonly OutcomeKind[] = [
  'failed',
  'timed-out',
  'cancelled',
  'aborted',
  'unknown',
  'triggered',
  'passed',
];

/** A target that ended this way stops the others under `fail-fast`. */
export function stopsOthers(outcome: Outcome): boolean {
  return outcome.kind === 'failed' || outcome.kind === 'aborted' || outcome.kind === 'unknown';
}

/**
 * A target cancelled because another failed first: aborted, or when it had finished just before the
 * abort, gated on its own result.
 */
export function failFastOutcome(
  { outcome, final }: Conclusion,
  failedFirst: string,
  settings: Pick<Settings, 'propagateFailure' | 'timeoutMs' | 'onTimeout'>,
): Outcome {
  const finished = final.abort?.alreadyFinished ? final.abort.resource : undefined;
  if (finished) {
    const what = final.ref?.kind === 'build' ? 'build' : 'run';
    return decideOutcome({ finished: true, result: finished.result, steps: final.steps }, settings, what);
  }
  const rest = outcome.message.replace(/^Cancelled/, '');
  return {
    kind: 'aborted',
    success: false,
    message: `Aborted because ${failedFirst} failed (fail-fast: true)${rest}`,
  };
}

export function combinedOutcome(
  targets: ReadonlyArray<Pick<TargetEnd, 'label' | 'conclusion'>>,
  failedFirst: string | undefined,
): Outcome {
  const kinds = targets.map((target) => target.conclusion.outcome.kind);
  const kind = SEVERITY.find((severity) => kinds.includes(severity)) ?? 'unknown';
  const counts = SEVERITY.flatMap((severity) => {
    const count = kinds.filter((each) => each === severity).length;
    return count > 0 ? [`${count} ${severity}`] : [];
  });
  const notPassed = targets
    .filter((target) => !['passed', 'triggered'].includes(target.conclusion.outcome.kind))
    .map((target) => `${target.label} ${target.conclusion.outcome.kind}`);
  const why = failedFirst !== undefined ? `; ${failedFirst} failed first (fail-fast: true)` : '';
  const which =
    notPassed.length > 0
      ? ` (${notPassed.slice(0, 10).join(', ')}${notPassed.length > 10 ? ', …' : ''})`
      : '';
  return {
    kind,
    success: targets.every((target) => target.conclusion.outcome.success),
    message: `${targets.length} targets: ${counts.join(', ')}${which}${why}.`,
  };
}

/** The worst result: failed before aborted before unknown before passed. */
export function worstOf(results: readonly Result[]): Result {
  for (const result of ['failed', 'aborted', 'unknown'] as const) {
    if (results.includes(result)) return result;
  }
  return results.length > 0 ? 'passed' : 'unknown';
}
