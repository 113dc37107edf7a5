// Tells every sink each event, in the order the sinks were given. A sink that throws is reported
// and skipped for that event; it never takes the others, or the flow, down with it.
import { messageOf } from '../../text/message.ts';
import type { Log } from '../ports.ts';
import type { Conclusion, FlowSink } from './events.ts';

export type Broadcast = Required<Omit<FlowSink, 'concluded'>> & {
  concluded(conclusion: Conclusion): Promise<void>;
};

export function fanOut(sinks: readonly FlowSink[], log: Log): Broadcast {
  const warn = (event: string, error: unknown) =>
    log.warning(`A report failed (${event}): ${messageOf(error)}`);
  const each = (event: keyof FlowSink, call: (sink: FlowSink) => unknown) => {
    for (const sink of sinks) {
      try {
        call(sink);
      } catch (error) {
        warn(event, error);
      }
    }
  };
  const eachAsync = async (event: keyof FlowSink, call: (sink: FlowSink) => unknown) => {
    for (const sink of sinks) {
      try {
        await call(sink);
      } catch (error) {
        warn(event, error);
      }
    }
  };
  let concluded = false;
  return {
    triggering: (fingerprint) => each('triggering', (sink) => sink.triggering?.(fingerprint)),
    identified: (ref) => each('identified', (sink) => sink.identified?.(ref)),
    triggered: (info) => each('triggered', (sink) => sink.triggered?.(info)),
    update: (resource, steps) => each('update', (sink) => sink.update?.(resource, steps)),
    stepFinished: (step, steps, runFinished, signal) =>
      eachAsync('stepFinished', (sink) => sink.stepFinished?.(step, steps, runFinished, signal)),
    workflowChanged: (workflow) => each('workflowChanged', (sink) => sink.workflowChanged?.(workflow)),
    async concluded(conclusion) {
      if (concluded) throw new Error('The flow concluded twice.');
      concluded = true;
      await eachAsync('concluded', (sink) => sink.concluded?.(conclusion));
    },
  };
}
