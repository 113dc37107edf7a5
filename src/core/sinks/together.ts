// Several sinks as one: each hears every event in turn, and their endings run at the same time, so
// reports that each wait on a remote service share one time budget instead of queueing for it.
import type { FlowSink } from '../flow/events.ts';

export function together(sinks: readonly FlowSink[]): FlowSink {
  // One sink that throws does not keep the event from the others; the first error is passed on.
  const each = <K extends keyof FlowSink>(event: K, call: (sink: FlowSink) => unknown) => {
    const errors: unknown[] = [];
    for (const sink of sinks) {
      try {
        if (sink[event]) call(sink);
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  };
  return {
    triggering: (fingerprint) => each('triggering', (sink) => sink.triggering!(fingerprint)),
    identified: (ref) => each('identified', (sink) => sink.identified!(ref)),
    triggered: (info) => each('triggered', (sink) => sink.triggered!(info)),
    update: (resource, steps) => each('update', (sink) => sink.update!(resource, steps)),
    workflowChanged: (workflow) => each('workflowChanged', (sink) => sink.workflowChanged!(workflow)),
    async stepFinished(step, steps, runFinished, signal) {
      await Promise.all(sinks.map((sink) => sink.stepFinished?.(step, steps, runFinished, signal)));
    },
    async concluded(conclusion) {
      const endings = await Promise.allSettled(sinks.map(async (sink) => sink.concluded?.(conclusion)));
      const failed = endings.find((ending) => ending.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}
