// The pieces of the summary's values, and the one place a link is made safe to show. Kept apart from
// the layout so that the sections built elsewhere (failures.ts) use the same pieces without a cycle.

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

/**
 * A link as shown. Off the API's origin the query and fragment are dropped: a pre-signed URL carries
 * its credentials there, and the summary is readable by anyone who can see the job. User info never shows.
 */
export function linkTo(raw: string, apiOrigin: string | undefined, label?: string, ours = false): LinkInline {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    // Not an absolute URL: the renderers show it as text, never as a link.
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) {
    url.username = '';
    url.password = '';
    if (!ours && url.origin !== apiOrigin) {
      url.search = '';
      url.hash = '';
    }
  }
  const shown = url?.href ?? raw;
  return label === undefined ? { kind: 'link', url: shown } : { kind: 'link', url: shown, label };
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
