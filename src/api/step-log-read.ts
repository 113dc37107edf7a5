// A step's log read from a byte offset (`Range: bytes=N-`), and what the server's answer means for a
// reader that follows a growing log: the client says it in words, so that the core reads no status codes.

/** One read of a step's log from a byte offset. */
export type StepLogRead =
  /** The bytes from `start` (the offset asked for, unless the server chose otherwise) on. */
  | { kind: 'partial'; start: number; body: AsyncIterable<Uint8Array>; totalLength?: number }
  /** The whole log from its first byte: the server ignored the range. */
  | { kind: 'whole'; body: AsyncIterable<Uint8Array> }
  /** Nothing past the offset; `totalLength` when the server said how long the log is (it may be shorter). */
  | { kind: 'nothing-new'; totalLength?: number }
  /** The server keeps no log for the step yet; some keep one only once the step has finished. */
  | { kind: 'not-yet' };

export interface ContentRange {
  /** The first byte; undefined for an answer to a range that cannot be served (`bytes *` over the length). */
  start?: number;
  /** The log's whole length, when the server said it. */
  totalLength?: number;
}

// `bytes 10-19/20`, `bytes 10-19/*` or `bytes */20` (RFC 9110 §14.4); undefined when it is none of these.
export function parseContentRange(header: string | string[] | undefined): ContentRange | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const match = /^\s*bytes\s+(?:(\d{1,15})-(\d{1,15})|\*)\s*\/\s*(\d{1,15}|\*)\s*$/i.exec(value);
  if (!match) return undefined;
  const [, first, last, length] = match;
  const totalLength = length === '*' ? undefined : Number(length);
  if (first === undefined) return totalLength === undefined ? undefined : { totalLength };
  const start = Number(first);
  if (Number(last) < start || (totalLength !== undefined && Number(last) >= totalLength)) return undefined;
  return { start, ...(totalLength !== undefined ? { totalLength } : {}) };
}
