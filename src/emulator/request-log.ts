import type { RequestLogEntry } from './types.ts';

/** Keeps a long-running emulator (a demo polling for hours) from growing without bound. */
export const MAX_LOG_ENTRIES = 10_000;

export class RequestLog {
  #entries: RequestLogEntry[] = [];

  add(entry: RequestLogEntry): RequestLogEntry {
    this.#entries.push(entry);
    if (this.#entries.length > MAX_LOG_ENTRIES)
      this.#entries.splice(0, this.#entries.length - MAX_LOG_ENTRIES);
    return entry;
  }

  list(): RequestLogEntry[] {
    return this.#entries.map((entry) => structuredClone(entry));
  }

  clear(): void {
    this.#entries = [];
  }
}
