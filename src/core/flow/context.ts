// What every stage of the flow is handed: the settings, the ports, the sinks, and the view of the
// remote work that is kept current so that any ending can report what is known.
import type { CiApi } from '../api-port.ts';
import type { FlowBounds } from '../deadline.ts';
import type { FlowPorts } from '../ports.ts';
import type { Resolved } from '../resolve.ts';
import type { Settings } from '../settings.ts';
import type { FinalView, FlowSink, TargetFacts } from './events.ts';
import type { CancelSignals } from './cancel.ts';
import type { Broadcast } from './fan-out.ts';

export interface FlowDeps extends FlowPorts {
  cancel: CancelSignals;
  sinks: readonly FlowSink[];
  /** With several targets: waits until every target is resolved, and throws if this one must not start. */
  resolved?: (resolving: Promise<Resolved>) => Promise<void>;
  /** With several targets and `fail-fast`: the target whose failure stopped this one, if one did. */
  stoppedBy?: () => string | undefined;
  /** What the target's sinks made by `settling`, which the decision reads (missing artifacts). */
  facts?: TargetFacts;
}

export interface FlowContext extends Omit<FlowDeps, 'sinks' | 'stoppedBy' | 'facts'> {
  /** The API port with the flow's bounds (cancel and deadline) on every call. */
  client: CiApi;
  /** The port as given, for the abort that follows a stop: it has a budget of its own. */
  unboundedClient: CiApi;
  /** The job's cancel signal and the `timeout` deadline as one signal. */
  bounds: FlowBounds;
  settings: Settings;
  /** When the flow began (epoch ms); the timeout counts from here. */
  startedAt: number;
  emit: Broadcast;
  view: { -readonly [K in keyof FinalView]: FinalView[K] };
}
