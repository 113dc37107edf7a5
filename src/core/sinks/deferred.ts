// A sink that is still loading (a lazily imported chunk): events that come before it is ready are kept
// and replayed in order, so loading it overlaps the first requests instead of delaying them.
import type { FlowSink } from '../flow/events.ts';

export function deferred(loading: Promise<FlowSink>): FlowSink {
  let ready: FlowSink | undefined;
  let failure: unknown;
  const waiting: Array<(sink: FlowSink) => unknown> = [];
  const settled = loading.then(
    (sink) => {
      for (const call of waiting.splice(0)) call(sink);
      ready = sink;
    },
    (error: unknown) => void (failure = error),
  );
  const pass = (call: (sink: FlowSink) => unknown) => {
    if (ready) call(ready);
    else if (failure === undefined) waiting.push(call);
  };
  return {
    triggering: (fingerprint) => pass((sink) => sink.triggering?.(fingerprint)),
    identified: (ref) => pass((sink) => sink.identified?.(ref)),
    triggered: (info) => pass((sink) => sink.triggered?.(info)),
    update: (resource, steps) => pass((sink) => sink.update?.(resource, steps)),
    workflowChanged: (workflow) => pass((sink) => sink.workflowChanged?.(workflow)),
    async stepFinished(step, steps, runFinished, signal) {
      if (ready) await ready.stepFinished?.(step, steps, runFinished, signal);
      else pass((sink) => sink.stepFinished?.(step, steps, runFinished, signal));
    },
    async concluded(conclusion) {
      await settled;
      if (failure !== undefined) throw failure;
      await ready?.concluded?.(conclusion);
    },
  };
}
