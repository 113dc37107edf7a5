// What the flow tells its sinks, in the order it happens. Every sink hears `concluded` exactly once,
// whatever path the flow took; a new kind of report is a new sink, never a new exit.
import type { Step, Workflow } from '../../api/types.ts';
import type { AbortResult } from '../abort.ts';
import type { ArtifactFacts } from '../artifacts/facts.ts';
import type { TestFacts } from '../test-results.ts';
import type { TriggerFingerprint } from '../fingerprint.ts';
import type { Remote } from '../model.ts';
import type { Ending, Outcome } from '../outcome.ts';
import type { RemoteRef } from '../refs.ts';
import type { WebLinks } from '../web-url.ts';
import type { OpenReportsStore, Outputs } from '../contract.ts';
import type { Decision } from '../outcome.ts';
import type { Log } from '../ports.ts';
import type { StepLogFacts } from '../report/failures.ts';
import type { Settings } from '../settings.ts';
import type { Target } from '../settings/target.ts';
import type { CancelSignals } from './cancel.ts';

export interface TriggerInfo {
  ref: RemoteRef;
  resource: Remote;
  attached: boolean;
  pipelineName?: string;
  /** The human page of the work (or its API URL when no page can be derived). */
  web: WebLinks;
  /** The pipeline's id, for runs: from the resolved target, or from the attached run. */
  pipelineId?: string;
  /** 1 for the first trigger (or the attach), one more for each retry. */
  attempt: number;
  /** The most attempts this flow makes: 1 + `retries`. */
  maxAttempts: number;
}

/** An attempt that finished `failed` by itself and was triggered again (`retries`). */
export interface RetriedAttempt {
  attempt: number;
  ref: RemoteRef;
  web: WebLinks;
  /** Its last read: finished, failed. */
  resource: Remote;
  /** The step it failed at, when one did, with the number of steps. */
  failedStep?: { order: number; name: string; total: number };
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
  /** The attempts before the current one (`ref`), oldest first; absent without a retry. */
  retried?: readonly RetriedAttempt[];
  /** The current attempt's first full read, as the sinks were told it in `triggered`. */
  trigger?: TriggerInfo;
}

/** How a target's flow ended, before the one decision: the way it ended and what is known. */
export interface Ended {
  ending: Ending;
  final: FinalView;
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
  /**
   * The remote work exists and its id is known (right after the trigger, or the attach). With
   * `retries`, `triggering`, `identified` and `triggered` come again for each new attempt, which is a
   * new run: from then on every event is about it.
   */
  identified?(ref: RemoteRef): void;
  /** The first full read of the remote work; `info.attempt` tells a retry from the first trigger. */
  triggered?(info: TriggerInfo): void;
  /** Status, progress or the current step changed (also for the first read). */
  update?(resource: Remote, steps: readonly Step[]): void;
  /**
   * A step finished: once per step, in order; `runFinished` once the whole run is over. A read it
   * makes (the step's log) stops when `signal` fires: the job was cancelled or the timeout passed.
   */
  stepFinished?(
    step: Step,
    steps: readonly Step[],
    runFinished: boolean,
    signal?: AbortSignal,
  ): Promise<void>;
  /** The followed workflow changed (wait-for: workflow). */
  workflowChanged?(workflow: Workflow): void;
  /**
   * The flow stops following (the job was cancelled or the timeout passed) and is about to say so and
   * abort: what a sink holds open in the log (a running step's log group) is closed first, so that what
   * the stop prints is not inside it.
   */
  stopping?(reason: 'cancelled' | 'timeout'): Promise<void>;
  /**
   * The flow is over and its decision comes next: a sink whose facts the decision reads finishes them
   * (the artifacts sink waits for its reads), once, whatever path the flow took.
   */
  settling?(final: FinalView): Promise<void>;
  /** The target's end: once, whatever path the flow took. */
  concluded?(conclusion: Conclusion): Promise<void> | void;
  /** The step's end, once every target has ended: heard once by the step's own sinks. */
  stepEnded?(end: StepEnd): Promise<void> | void;
}

export type FlowEvent = keyof FlowSink;

/**
 * Every event, with how it is told: `now` to each sink in turn without waiting, `awaited` to each sink in
 * turn, waiting for each, `once` like `awaited` and never a second time. The combinators (fan-out.ts,
 * sinks/deferred.ts, sinks/together.ts) forward every event from this list, so a new event is a method
 * of FlowSink and a line here.
 */
export const FLOW_EVENTS = {
  triggering: 'now',
  identified: 'now',
  triggered: 'now',
  update: 'now',
  stepFinished: 'awaited',
  workflowChanged: 'now',
  stopping: 'awaited',
  settling: 'once',
  concluded: 'once',
  stepEnded: 'once',
} as const satisfies Record<FlowEvent, 'now' | 'awaited' | 'once'>;

export const EVENT_NAMES = Object.keys(FLOW_EVENTS) as FlowEvent[];

/** The arguments of an event. */
export type EventArgs<E extends FlowEvent> = Parameters<Required<FlowSink>[E]>;

/** Tells one sink one event, as a method call; nothing when the sink does not hear it. */
export function tell<E extends FlowEvent>(sink: FlowSink, event: E, args: EventArgs<E>): unknown {
  const method = sink[event] as ((...args: EventArgs<E>) => unknown) | undefined;
  return method?.apply(sink, args);
}

/** One target of a step, as its own sinks see it; with one target, the step's own ports. */
export interface TargetRun {
  index: number;
  target: Target;
  /** `e2e`: its name in the log, the summary and the GitHub reports when there are several. */
  label: string;
  /** The step's settings with this target alone. */
  settings: Settings;
  log: Log;
  /** The step's outputs with one target; among several, each target's are in the step's `runs` output. */
  outputs: Outputs;
  /** Where its reports keep what they left open for post to finish. */
  openReports: OpenReportsStore;
  /** A report's name for this target: the name itself with one target, holding the label among several. */
  nameFor(name: string): string;
  /** What its sinks make for the sinks after them (see the sink table). */
  facts: TargetFacts;
  cancel: CancelSignals;
}

/**
 * What a target's sinks make for the sinks after them, each named in the sink table by the row that makes
 * it and the rows that read it; a fact is complete once its maker has heard `concluded`.
 */
export interface TargetFacts {
  /** The ends of its failed steps' logs, by step id, read once (`failed-logs`). */
  readonly tails: ReadonlyMap<string, StepLogFacts>;
  /** What its steps' artifacts came to, by `settling` (`artifacts`); absent when none were asked for. */
  artifacts?: ArtifactFacts;
  /** The test reports its steps' archives held, by `settling` (`artifacts`, with `test-reports`). */
  tests?: TestFacts;
}

export type TargetFactName = keyof TargetFacts;

export interface TargetEnd extends TargetRun {
  conclusion: Conclusion;
  info: TriggerInfo | undefined;
}

/** How the step ended: decided over its targets (one target: as it ended). */
export interface StepEnd extends Decision {
  /** In input order. */
  targets: TargetEnd[];
  /** The target whose failure aborted the others (`fail-fast`). */
  failedFirst?: string;
}
