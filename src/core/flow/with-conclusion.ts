// A sink that hears every event as it is, and the conclusion as `rewrite` makes it.
import type { Conclusion, FlowSink } from './events.ts';

export function withConclusion(sink: FlowSink, rewrite: (conclusion: Conclusion) => Conclusion): FlowSink {
  return {
    triggering: (fingerprint) => sink.triggering?.(fingerprint),
    identified: (ref) => sink.identified?.(ref),
    triggered: (info) => sink.triggered?.(info),
    update: (resource, steps) => sink.update?.(resource, steps),
    workflowChanged: (workflow) => sink.workflowChanged?.(workflow),
    stepFinished: async (step, steps, runFinished, signal) =>
      sink.stepFinished?.(step, steps, runFinished, signal),
    concluded: (conclusion) => sink.concluded?.(rewrite(conclusion)),
  };
}
