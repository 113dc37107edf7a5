// `Range: bytes=…` on step logs (RFC 9110 §14): one range is served as 206 with its Content-Range, a
// range that starts at or past the end as 416 with `Content-Range: bytes */<length>` (so a client
// polling a growing log from its last offset learns that nothing is new, or that the log shrank), and
// anything else (no Range, several ranges, a unit other than bytes, bad syntax) as 200 with the whole log.

export type RangeAnswer =
  { kind: 'whole' } | { kind: 'unsatisfiable' } | { kind: 'partial'; start: number; end: number };

/** What to answer to `header` for a representation of `length` bytes; `end` is exclusive. */
export function rangeOf(header: string | undefined, length: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last n bytes.
    const n = Number(last);
    if (n === 0 || length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, length - n), end: length };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= length) return { kind: 'unsatisfiable' };
  const end = last === '' ? length : Math.min(length, Number(last) + 1);
  return { kind: 'partial', start, end };
}
