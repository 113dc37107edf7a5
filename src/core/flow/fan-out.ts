// Tells every sink each event, in the order the sinks were given. A sink that throws is reported
// and skipped for that event; it never takes the others, or the flow, down with it.
import { messageOf } from '../../text/message.ts';
import type { Log } from '../ports.ts';
import { EVENT_NAMES, FLOW_EVENTS, tell, type EventArgs, type FlowEvent, type FlowSink } from './events.ts';

/** Every event, for sure: `now` events return at once, the others once every sink has heard them. */
export type Broadcast = {
  [E in FlowEvent]: (...args: EventArgs<E>) => (typeof FLOW_EVENTS)[E] extends 'now' ? void : Promise<void>;
};

export function fanOut(sinks: readonly FlowSink[], log: Log): Broadcast {
  const warn = (event: string, error: unknown) =>
    log.warning(`A report failed (${event}): ${messageOf(error)}`);
  const told = new Set<FlowEvent>();
  const broadcast: Partial<Record<FlowEvent, (...args: never[]) => unknown>> = {};
  for (const event of EVENT_NAMES) {
    const how = FLOW_EVENTS[event];
    broadcast[event] =
      how === 'now'
        ? (...args: EventArgs<typeof event>) => {
            for (const sink of sinks) {
              try {
                tell(sink, event, args);
              } catch (error) {
                warn(event, error);
              }
            }
          }
        : async (...args: EventArgs<typeof event>) => {
            if (how === 'once') {
              if (told.has(event)) throw new Error(`The flow told \`${event}\` twice.`);
              told.add(event);
            }
            for (const sink of sinks) {
              try {
                await tell(sink, event, args);
              } catch (error) {
                warn(event, error);
              }
            }
          };
  }
  return broadcast as Broadcast;
}
