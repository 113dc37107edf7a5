// Imported first by the main entry, for its side effect: while the rest of the bundle loads (the
// longest part of start-up), a SIGINT/SIGTERM/SIGBREAK is remembered instead of ending the process,
// and replayed by installCancelHandlers once the real handlers are in place. Nothing has been sent by
// then, so the replay only stops the action cleanly. Entries that do not import this (the CLI's other
// commands) keep Node's default behaviour.

// signals.ts imports only types and runs nothing on import, so this stays as light as it must be.
import { CANCEL_SIGNALS, EARLY_SIGNALS } from './signals.ts';

const received: string[] = [];
const remember = (signal: string) => {
  received.push(signal);
};
for (const name of CANCEL_SIGNALS) process.on(name, remember);

(globalThis as Record<symbol, unknown>)[EARLY_SIGNALS] = (): string[] => {
  for (const name of CANCEL_SIGNALS) process.off(name, remember);
  return received.splice(0);
};
