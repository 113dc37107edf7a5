// How a commit status and a deployment end: GitHub uses the same three words for both. Keyed by our
// outcome kinds, so a new kind does not compile until it is given one.
import type { OutcomeKind } from '../../core/outcome-kind.ts';

export type EndingState = 'success' | 'failure' | 'error';

export const ENDING_STATE: Record<OutcomeKind, EndingState> = {
  passed: 'success',
  failed: 'failure',
  aborted: 'error',
  'timed-out': 'error',
  cancelled: 'error',
  unknown: 'error',
  triggered: 'error',
};
