// The pieces of the summary's values, and the one place a link is made safe to show. Kept apart from
// the layout so that the sections built elsewhere (failures.ts) use the same pieces without a cycle.
import type { OutcomeKind } from '../outcome-kind.ts';

/** Longest remote strings shown, in UTF-16 code units; longer ones are cut with `…`. */
export const SUMMARY_LIMITS = { name: 300, message: 2000, url: 2000, note: 2000, envKey: 200 } as const;

/**
 * A piece of a field's value. `words` are ours (dates, durations); everything else is remote or user text
 * that a renderer must escape or sanitise.
 */
export type Inline =
  | { kind: 'words'; text: string }
  | { kind: 'text'; text: string; max: number; multiline?: boolean }
  | { kind: 'code'; text: string; max: number }
  | { kind: 'commit'; hash: string }
  | { kind: 'link'; url: string; label?: string };

export type LinkInline = Extract<Inline, { kind: 'link' }>;

export interface SummaryField {
  label: string;
  /** One or more pieces, shown side by side. */
  value: Inline[];
}

/** An icon and a word, with the result that colours them (`passed`, `failed`, …). */
export interface StateMark {
  icon: string;
  word: string;
  tone: string;
}

/** The step's own mark: coloured by how it ended. */
export interface OutcomeMark extends StateMark {
  tone: OutcomeKind;
}

/**
 * A link as shown. Off the API's origin the query and fragment are dropped: a pre-signed URL carries
 * its credentials there, and the summary is readable by anyone who can see the job. User info never shows.
 */
/**
 * A link to a URL of our own making (a page built from the base URL and checked names, an API URL built
 * from the checked id): shown as it is, but for credentials.
 */
export function ourLink(raw: string, label?: string): LinkInline {
  const url = httpUrl(raw);
  const shown = url?.href ?? raw;
  return label === undefined ? { kind: 'link', url: shown } : { kind: 'link', url: shown, label };
}

/**
 * A link to a URL the server sent (a step's log or artifacts): shown only on one of `origins` (when
 * given), and without its query and fragment, where pre-signed URLs carry their credentials.
 */
export function serverLink(
  raw: string,
  origins: readonly string[] | undefined,
  label?: string,
): LinkInline | undefined {
  const url = httpUrl(raw);
  if (url) {
    if (origins !== undefined && !origins.includes(url.origin)) return undefined;
    url.search = '';
    url.hash = '';
  }
  return ourLink(url?.href ?? raw, label);
}

/** An absolute http(s) URL without credentials; undefined for anything else, which is shown as text. */
function httpUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.username = '';
    url.password = '';
    return url;
  } catch {
    return undefined;
  }
}

export function words(value: string | undefined): Inline | undefined {
  return value === undefined ? undefined : { kind: 'words', text: value };
}

export function text(
  value: string | undefined,
  max: number = SUMMARY_LIMITS.name,
  multiline = false,
): Inline | undefined {
  if (value === undefined) return undefined;
  return multiline ? { kind: 'text', text: value, max, multiline } : { kind: 'text', text: value, max };
}

export function code(value: string | undefined): Inline | undefined {
  return value === undefined ? undefined : { kind: 'code', text: value, max: SUMMARY_LIMITS.name };
}
