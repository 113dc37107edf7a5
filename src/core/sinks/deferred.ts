// A sink that is still loading (a lazily imported chunk): events that come before it is ready are kept
// and replayed in order, so loading it overlaps the first requests instead of delaying them.
import {
  EVENT_NAMES,
  FLOW_EVENTS,
  tell,
  type EventArgs,
  type FlowEvent,
  type FlowSink,
} from '../flow/events.ts';

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
  const sink: Partial<Record<FlowEvent, (...args: never[]) => unknown>> = {};
  for (const event of EVENT_NAMES) {
    const forward = (...args: EventArgs<typeof event>) => {
      const call = (loaded: FlowSink) => tell(loaded, event, args);
      switch (FLOW_EVENTS[event]) {
        case 'now':
          return void pass(call);
        case 'awaited':
          // Once loaded, waited for; before, kept with the others and replayed in order.
          return ready ? Promise.resolve(call(ready)).then(() => undefined) : void pass(call);
        case 'once':
          // An ending waits for the load, and fails if the load did.
          return settled.then(async () => {
            if (failure !== undefined) throw failure;
            if (ready) await call(ready);
          });
      }
    };
    sink[event] = forward;
  }
  return sink as FlowSink;
}
