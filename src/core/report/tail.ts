// The end of a log of any size, read as a stream in bounded memory: at most maxLines lines and maxBytes bytes
// are kept, however large the source. Work is done on bytes: LF never occurs inside a multi-byte UTF-8
// sequence, so splitting there is safe at any chunk boundary, and only the lines that are kept get decoded.

export interface TailOptions {
  /** Default 200. */
  maxLines?: number;
  /** Bytes of kept line content (UTF-8, line ends not counted). Default 64 KiB. */
  maxBytes?: number;
  /** A longer line keeps its beginning and ends with `… [N more bytes]`. Default 4 KiB, at most maxBytes. */
  maxLineBytes?: number;
}

export interface Tail {
  /** The last lines, oldest first, without line ends (LF or CRLF). */
  lines: string[];
  /** Lines of the source that are not in `lines` (all from the beginning). */
  truncatedLines: number;
  /** Bytes read from the source. */
  totalBytes: number;
}

export const TAIL_DEFAULTS = { maxLines: 200, maxBytes: 64 * 1024, maxLineBytes: 4 * 1024 } as const;

export async function tailLines(source: AsyncIterable<Uint8Array>, options: TailOptions = {}): Promise<Tail> {
  const tail = new LineTail(options);
  for await (const chunk of source) tail.push(chunk);
  return tail.end();
}

const LF = 0x0a;
const CR = 0x0d;
// Room kept for the `… [N more bytes]` marker of a cut line; lines limits below twice this get no marker.
export const MARKER_ROOM = 40;

interface Entry {
  bytes: Uint8Array;
  /** Bytes cut from the end of the line. */
  cut: number;
  /** Bytes this line counts against maxBytes, marker included. */
  size: number;
}

/** The incremental form of tailLines, for callers that receive chunks rather than an iterable. */
export class LineTail {
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private readonly lineLimit: number;
  private readonly pending: Uint8Array;
  private pendingLength = 0;
  private pendingOverflow = 0;
  private lastByte = -1;
  private entries: (Entry | undefined)[] = [];
  private head = 0;
  private keptBytes = 0;
  private dropped = 0;
  private total = 0;
  private readonly newlines: number[] = [];

  constructor(options: TailOptions = {}) {
    this.maxLines = positiveInteger('maxLines', options.maxLines ?? TAIL_DEFAULTS.maxLines, 0);
    this.maxBytes = positiveInteger('maxBytes', options.maxBytes ?? TAIL_DEFAULTS.maxBytes, 1);
    const maxLineBytes = positiveInteger(
      'maxLineBytes',
      options.maxLineBytes ?? TAIL_DEFAULTS.maxLineBytes,
      1,
    );
    this.lineLimit = Math.min(maxLineBytes, this.maxBytes);
    this.pending = new Uint8Array(this.lineLimit);
  }

  push(chunk: Uint8Array): void {
    this.total += chunk.length;
    const newlines = this.newlines;
    newlines.length = 0;
    for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) newlines.push(at);

    // Lines completed in this chunk before its last maxLines ones cannot survive: count them, copy nothing.
    const skip = Math.max(0, newlines.length - this.maxLines);
    let begin = 0;
    for (let index = 0; index < newlines.length; index += 1) {
      const end = newlines[index] as number;
      if (index < skip) {
        this.dropped += 1;
        this.pendingLength = 0;
        this.pendingOverflow = 0;
        this.lastByte = -1;
      } else {
        this.append(chunk, begin, end);
        this.finishLine();
      }
      begin = end + 1;
    }
    this.append(chunk, begin, chunk.length);
  }

  end(): Tail {
    if (this.pendingLength > 0 || this.pendingOverflow > 0) this.finishLine();
    const decoder = new TextDecoder();
    const lines: string[] = [];
    for (let index = this.head; index < this.entries.length; index += 1) {
      const entry = this.entries[index] as Entry;
      lines.push(decoder.decode(entry.bytes) + (entry.cut > 0 && this.hasMarker() ? marker(entry.cut) : ''));
    }
    return { lines, truncatedLines: this.dropped, totalBytes: this.total };
  }

  private append(chunk: Uint8Array, from: number, to: number): void {
    const take = Math.min(this.lineLimit - this.pendingLength, to - from);
    if (take > 0) {
      this.pending.set(chunk.subarray(from, from + take), this.pendingLength);
      this.pendingLength += take;
    }
    this.pendingOverflow += to - from - Math.max(0, take);
    if (to > from) this.lastByte = chunk[to - 1] as number;
  }

  private hasMarker(): boolean {
    return this.lineLimit >= 2 * MARKER_ROOM;
  }

  private finishLine(): void {
    let length = this.pendingLength;
    let cut = this.pendingOverflow;
    this.pendingLength = 0;
    this.pendingOverflow = 0;
    if (this.lastByte === CR && length + cut > 0) {
      if (cut > 0) cut -= 1;
      else length -= 1;
    }
    this.lastByte = -1;
    let size = length;
    if (cut > 0) {
      const keep = charBoundary(
        this.pending,
        Math.min(length, this.lineLimit - (this.hasMarker() ? MARKER_ROOM : 0)),
      );
      cut += length - keep;
      length = keep;
      size = length + (this.hasMarker() ? Buffer.byteLength(marker(cut)) : 0);
    }
    this.entries.push({ bytes: this.pending.slice(0, length), cut, size });
    this.keptBytes += size;
    while (this.entries.length - this.head > this.maxLines || this.keptBytes > this.maxBytes) this.evict();
  }

  private evict(): void {
    const oldest = this.entries[this.head] as Entry;
    this.entries[this.head] = undefined;
    this.head += 1;
    this.keptBytes -= oldest.size;
    this.dropped += 1;
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}

/** What ends a line that was cut: `… [N more bytes]`. */
export function marker(cut: number): string {
  return `… [${cut} more byte${cut === 1 ? '' : 's'}]`;
}

/** `at`, moved back so that bytes[0, at) does not end inside a UTF-8 sequence (malformed input is left as is). */
export function charBoundary(bytes: Uint8Array, at: number): number {
  for (let start = at - 1; start >= 0 && start >= at - 4; start -= 1) {
    const byte = bytes[start] as number;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: the sequence starts further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return start + length > at ? start : at;
  }
  return at;
}

function positiveInteger(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer of at least ${min}, not ${value}.`);
  }
  return value;
}
