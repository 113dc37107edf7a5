// What the flow tells its sinks, in the order it happens. Every sink hears `concluded` exactly once,
// whatever path the flow took; a new kind of report is a new sink, never a new exit.
import type { Step, Workflow } from '../../api/types.ts';
import type { AbortResult } from '../abort.ts';
import type { TriggerFingerprint } from '../fingerprint.ts';
import type { Remote } from '../follow.ts';
import type { Outcome } from '../outcome.ts';
import type { RemoteRef } from '../refs.ts';
import type { WebLinks } from '../web-url.ts';

export interface TriggerInfo {
  ref: RemoteRef;
  resource: Remote;
  attached: boolean;
  pipelineName?: string;
  /** The human page of the work (or its API URL when no page can be derived). */
  web: WebLinks;
}

/** What is known of the remote work when the flow ends. */
export interface FinalView {
  /** Set once the remote work exists (triggered or attached). */
  ref?: RemoteRef;
  resource?: Remote;
  web?: WebLinks;
  steps: readonly Step[];
  workflow?: Workflow;
  abort?: AbortResult;
}

export interface Conclusion {
  outcome: Outcome;
  final: FinalView;
  /** Nothing is left for the post entry to abort: it finished, was aborted, or was left on purpose. */
  settled: boolean;
}

export interface FlowSink {
  /** A run trigger is about to be sent; this identifies the run it will create. */
  triggering?(fingerprint: TriggerFingerprint): void;
  /** The remote work exists and its id is known (right after the trigger, or the attach). */
  identified?(ref: RemoteRef): void;
  /** The first full read of the remote work. */
  triggered?(info: TriggerInfo): void;
  /** Status, progress or the current step changed (also for the first read). */
  update?(resource: Remote, steps: readonly Step[]): void;
  /** A step finished: once per step, in order; `runFinished` once the whole run is over. */
  stepFinished?(step: Step, steps: readonly Step[], runFinished: boolean): Promise<void>;
  /** The followed workflow changed (wait-for: workflow). */
  workflowChanged?(workflow: Workflow): void;
  concluded?(conclusion: Conclusion): Promise<void> | void;
}
