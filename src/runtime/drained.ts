// What an output stream still holds: a process that writes faster than its reader takes (a long step log
// printed live, and the runner reading stdout) waits here rather than queueing its output in memory.
import type { Writable } from 'node:stream';

type Output = Pick<Writable, 'writableNeedDrain' | 'destroyed' | 'once' | 'off'>;

/** Resolves at once when `stream` holds less than its high-water mark, else once it has drained or closed. */
export function drained(stream: Output): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const event of EVENTS) stream.off(event, done);
      resolve();
    };
    for (const event of EVENTS) stream.once(event, done);
  });
}

const EVENTS = ['drain', 'close', 'error'] as const;
