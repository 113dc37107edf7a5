// Several sinks as one: each hears every event in turn, and their endings run at the same time, so
// reports that each wait on a remote service share one time budget instead of queueing for it.
import {
  EVENT_NAMES,
  FLOW_EVENTS,
  tell,
  type EventArgs,
  type FlowEvent,
  type FlowSink,
} from '../flow/events.ts';

export function together(sinks: readonly FlowSink[]): FlowSink {
  const sink: Partial<Record<FlowEvent, (...args: never[]) => unknown>> = {};
  for (const event of EVENT_NAMES) {
    const hearing = () => sinks.filter((each) => each[event] !== undefined);
    sink[event] =
      FLOW_EVENTS[event] === 'now'
        ? // One sink that throws does not keep the event from the others; the first error is passed on.
          (...args: EventArgs<typeof event>) => {
            const errors: unknown[] = [];
            for (const each of hearing()) {
              try {
                tell(each, event, args);
              } catch (error) {
                errors.push(error);
              }
            }
            if (errors.length > 0) throw errors[0];
          }
        : async (...args: EventArgs<typeof event>) => {
            const results = await Promise.allSettled(hearing().map(async (each) => tell(each, event, args)));
            const failed = results.find((result) => result.status === 'rejected');
            if (failed) throw failed.reason;
          };
  }
  return sink as FlowSink;
}
