// Remote outputs: values a step of the remote run leaves in its archive (`outputs-file`), handed to later
// jobs as data, never as commands. The grammar is that of `env-vars` (src/core/env-vars.ts): `KEY=VALUE`,
// `KEY<<DELIMITER` blocks and `#` comments, no quote removal and no expansion; or, when the first non-blank
// character is `{`, a JSON object of strings. Unlike `env-vars`, the text is the server's: nothing in it is
// an error that stops anything. What cannot be read is dropped and counted, for one warning per target, and
// no message ever repeats a value.
//
// Keys are `[A-Za-z_][A-Za-z0-9_]*` and go into a null-prototype object; `__proto__`, `constructor` and
// `prototype` are refused all the same, so the object is safe wherever it is spread or looked up. Per target
// at most 100 keys and 64 KiB (keys and values, UTF-8) are kept; steps are added in order, a later value
// replacing an earlier one.

export const MAX_REMOTE_KEYS = 100;
export const MAX_REMOTE_BYTES = 64 * 1024;

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const REFUSED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface RemoteOutputs {
  /** The values by key, in a null-prototype object. */
  values: Record<string, string>;
  /** Entries dropped: unreadable lines, bad or refused keys, non-string values, entries past the limits. */
  dropped: number;
}

export interface ParsedOutputs {
  pairs: Array<[string, string]>;
  dropped: number;
}

export function emptyRemoteOutputs(): RemoteOutputs {
  return { values: Object.create(null) as Record<string, string>, dropped: 0 };
}

function goodKey(key: string): boolean {
  return KEY.test(key) && !REFUSED_KEYS.has(key);
}

/** The key and value pairs of one outputs file, in order, with a count of what could not be read. */
export function parseRemoteOutputs(text: string): ParsedOutputs {
  return text.trimStart().startsWith('{') ? parseJson(text) : parseLines(text);
}

function parseLines(text: string): ParsedOutputs {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const pairs: Array<[string, string]> = [];
  let dropped = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const content = line.trim();
    if (content === '' || content.startsWith('#')) continue;
    const equals = line.indexOf('=');
    const heredoc = line.indexOf('<<');
    if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
      const key = line.slice(0, equals).trim();
      if (goodKey(key)) pairs.push([key, line.slice(equals + 1)]);
      else dropped += 1;
      continue;
    }
    if (heredoc < 0) {
      dropped += 1;
      continue;
    }
    const key = line.slice(0, heredoc).trim();
    const delimiter = line.slice(heredoc + 2).trim();
    const end =
      delimiter === '' ? -1 : lines.findIndex((candidate, j) => j > i && candidate.trimEnd() === delimiter);
    if (end < 0) {
      // An unclosed block would swallow every line after it: it and they are dropped as one.
      dropped += 1;
      break;
    }
    if (goodKey(key)) pairs.push([key, lines.slice(i + 1, end).join('\n')]);
    else dropped += 1;
    i = end;
  }
  return { pairs, dropped };
}

function parseJson(text: string): ParsedOutputs {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { pairs: [], dropped: 1 };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { pairs: [], dropped: 1 };
  const pairs: Array<[string, string]> = [];
  let dropped = 0;
  // JSON.parse makes `__proto__` an own property, so it is seen here and refused like any bad key.
  for (const [key, value] of Object.entries(data)) {
    if (goodKey(key) && typeof value === 'string') pairs.push([key, value]);
    else dropped += 1;
  }
  return { pairs, dropped };
}

function sizeOf(key: string, value: string): number {
  return Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
}

/**
 * `outputs` with one more step's outputs file added: later values replace earlier ones, and what would pass
 * 100 keys or 64 KiB is dropped and counted. A new object; `outputs` is left as it was.
 */
export function addRemoteOutputs(outputs: RemoteOutputs, text: string): RemoteOutputs {
  const parsed = parseRemoteOutputs(text);
  const values = Object.assign(Object.create(null) as Record<string, string>, outputs.values);
  let dropped = outputs.dropped + parsed.dropped;
  let keys = Object.keys(values).length;
  let bytes = Object.entries(values).reduce((sum, [key, value]) => sum + sizeOf(key, value), 0);
  for (const [key, value] of parsed.pairs) {
    const before = Object.hasOwn(values, key) ? sizeOf(key, values[key] ?? '') : undefined;
    const after = bytes - (before ?? 0) + sizeOf(key, value);
    if ((before === undefined && keys >= MAX_REMOTE_KEYS) || after > MAX_REMOTE_BYTES) {
      dropped += 1;
      continue;
    }
    if (before === undefined) keys += 1;
    values[key] = value;
    bytes = after;
  }
  return { values, dropped };
}
