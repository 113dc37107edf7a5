// Which of a target's GitHub reports main opened and has not finished, kept for post in the contract's opaque
// `openReports` entry: its shape, its encoding and its check are here, the core only keeps it. Each open report
// has its handle under its own key: `true` for a report without an id (the commit status, `status`), its id
// under a key ending in `Id` (`checkRunId`); `targetUrl` is the page they link to. A report left open on
// purpose (`wait: false`) is not listed. Main and post of one version read each other; nothing older is read.
import { checkUrl } from '../api/urls.ts';
import type { OpenReportsStore } from '../core/contract.ts';

/** What GitHub knows a report by: its id, or `true` for a report that has none. */
export type Handle = true | number;

/** The entry as saved, and as post reads it back once checked. */
export interface OpenGitHubReports {
  /** The page the reports link to. */
  targetUrl?: string;
  [key: string]: Handle | string | undefined;
}

const KEY = /^[a-z][A-Za-z]{0,39}$/;

/** Whether `key` holds an id (`checkRunId`) rather than `true` (`status`). */
function holdsId(key: string): boolean {
  return key.endsWith('Id');
}

/**
 * The entry post read back, checked: undefined when anything in it is unusable (post drops it and says so).
 * An id must be a positive integer and the page an absolute http(s) URL, since both go into requests.
 */
export function readOpenReports(saved: unknown): OpenGitHubReports | undefined {
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return undefined;
  const usable = Object.entries(saved).every(([key, value]) => {
    if (key === 'targetUrl') return typeof value === 'string' && 'href' in checkUrl(value);
    if (!KEY.test(key)) return false;
    return holdsId(key) ? Number.isSafeInteger(value) && (value as number) > 0 : value === true;
  });
  return usable ? (saved as OpenGitHubReports) : undefined;
}

/** The handle a report left open under `key`, if it did. */
export function handleIn(open: OpenGitHubReports, key: string): Handle | undefined {
  const value = key === 'targetUrl' ? undefined : open[key];
  return value === true || typeof value === 'number' ? value : undefined;
}

/** One report's part of the entry. */
export interface OpenPart {
  /** The report is open under `handle`, linking to `targetUrl` (the newest attempt's page). */
  mark(handle: Handle, targetUrl: string): void;
  /** Finished, left open on purpose, or stopped: out of the entry, and never marked again. */
  close(): void;
}

/** Keeps one target's entry current as its reports open, follow a newer attempt, and end. */
export class OpenReportsEntry {
  #current: OpenGitHubReports = {};
  readonly #store: OpenReportsStore;

  constructor(store: OpenReportsStore) {
    this.#store = store;
  }

  part(key: string): OpenPart {
    let closed = false;
    return {
      mark: (handle, targetUrl) => {
        if (closed) return;
        this.#current = { ...this.#current, [key]: handle, targetUrl };
        this.#save();
      },
      close: () => {
        closed = true;
        if (this.#current[key] === undefined) return;
        const rest = { ...this.#current };
        delete rest[key];
        this.#current = rest;
        this.#save();
      },
    };
  }

  #save(): void {
    const anyOpen = Object.keys(this.#current).some((key) => handleIn(this.#current, key) !== undefined);
    this.#store.keep(anyOpen ? this.#current : undefined);
  }
}
