// How the pages write world text, states, times and links. Every name, message, branch and log line
// comes from a trigger or a world file, so it goes through src/text/safety.ts before it enters HTML.
import { pathSegment } from '../../text/path-segment.ts';
import { clip, escapeHtml, htmlText, stripControls } from '../../text/safety.ts';

const MAX_TEXT = 2000;

/** Remote text on one line, as HTML text or a quoted attribute value. */
export function text(value: string, maxLength = MAX_TEXT): string {
  return escapeHtml(clip(stripControls(value), maxLength));
}

/** Remote text that may span lines (a commit message), as HTML with <br>. */
export function multiline(value: string): string {
  return htmlText(clip(value, MAX_TEXT * 4));
}

/** The first line of remote text, for a table cell. */
export function firstLine(value: string, maxLength = 120): string {
  const first = value.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)[0] ?? '';
  return text(first, maxLength);
}

/** A path of the pages from its segments, each percent-encoded as the action's links are, for an attribute. */
export function pagePath(...segments: string[]): string {
  return escapeHtml(`/${segments.map(pathSegment).join('/')}`);
}

const STATE_CLASSES = new Set([
  'passed',
  'failed',
  'aborted',
  'running',
  'notstarted',
  'pendingapproval',
  'finished',
  'skipped',
]);

/** A status or result as a coloured label; the class comes from a fixed set, never from the word itself. */
export function badge(word: string): string {
  const known = STATE_CLASSES.has(word) ? word : 'other';
  return `<span class="badge b-${known}">${text(word, 40)}</span>`;
}

/** `2025-06-11 14:02:33 UTC` in a <time> element. */
export function time(ms: number | undefined): string {
  if (ms === undefined) return '<span class="muted">–</span>';
  const iso = new Date(ms).toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC</time>`;
}

/** `850 ms`, `1.5 s`, `2 min 05 s`, `1 h 02 min`. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(seconds / 3600)} h ${String(Math.floor(seconds / 60) % 60).padStart(2, '0')} min`;
}

/** The short form of a commit hash, with the whole hash as its title. */
export function commit(hash: string): string {
  return `<code title="${text(hash, 80)}">${text(hash.slice(0, 7), 7)}</code>`;
}
