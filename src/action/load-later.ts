// Start-up: compiling and evaluating modules is most of an entry's start, so what the first request
// does not need is loaded while that request is in flight. A module asked for with `later()` starts
// loading at the first of: the first request's headers leave (undici's `sendHeaders` diagnostics
// channel, or its `request:error` when no request could be sent), `now()` (its point of use), or a
// fallback a second after the first `later()`, so that nothing waits forever when no request goes out
// at all. The fallback timer keeps the process alive until it fires or every load has started.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';

/** undici's channels: the request's headers were written to the socket, or the request failed. */
const FIRST_REQUEST_CHANNELS = ['undici:client:sendHeaders', 'undici:request:error'] as const;
const FALLBACK_MS = 1000;

export interface Later<T> {
  /** Settles once the module has loaded; does not start the load. */
  readonly loaded: Promise<T>;
  /** Starts the load if it has not started yet; settles once the module has loaded. */
  now(): Promise<T>;
  /** The module, once it has loaded. */
  current(): T | undefined;
}

const unstarted = new Set<() => void>();
let fallback: NodeJS.Timeout | undefined;
let subscribed = false;
let triggered = false;

function startAll(): void {
  triggered = true;
  for (const name of FIRST_REQUEST_CHANNELS) unsubscribe(name, startAll);
  clearTimeout(fallback);
  for (const start of [...unstarted]) start();
}

function started(start: () => void): void {
  unstarted.delete(start);
  if (unstarted.size === 0) clearTimeout(fallback);
}

export function later<T>(load: () => Promise<T>): Later<T> {
  let module: T | undefined;
  const { promise, resolve, reject } = Promise.withResolvers<T>();
  // A load that fails rejects `loaded`; whoever uses the module sees the error there.
  promise.catch(() => undefined);
  const start = () => {
    if (!unstarted.has(start)) return;
    started(start);
    load().then((value) => {
      module = value;
      resolve(value);
    }, reject);
  };
  if (triggered) {
    queueMicrotask(start);
  } else {
    if (!subscribed) {
      subscribed = true;
      for (const name of FIRST_REQUEST_CHANNELS) subscribe(name, startAll);
    }
    if (unstarted.size === 0) fallback = setTimeout(startAll, FALLBACK_MS);
  }
  unstarted.add(start);
  return {
    loaded: promise,
    now() {
      start();
      return promise;
    },
    current: () => module,
  };
}
