// The shapes the core and its reports share: the remote work as the API reads it.
import type { Build, Run } from '../api/types.ts';

/** The remote work followed: a run, or a classic build. */
export type Remote = Run | Build;
