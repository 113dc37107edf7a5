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

/**
 * The incremental form of tailLines, for callers that receive chunks rather than an iterable. A live log
 * pushes thousands of lines a second, each kept until the next chunk pushes it out: the kept lines are
 * numbers in a queue and bytes in one ring buffer, not an object and an array each.
 */
export class LineTail {
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private readonly lineLimit: number;
  private readonly pending: Uint8Array;
  private pendingLength = 0;
  private pendingOverflow = 0;
  private lastByte = -1;
  // The kept lines, oldest first from `head`: where each begins among the bytes written to the ring, its
  // length, the bytes cut from its end, and what it counts against maxBytes (its marker included).
  private readonly starts: number[] = [];
  private readonly lengths: number[] = [];
  private readonly cuts: number[] = [];
  private readonly sizes: number[] = [];
  private head = 0;
  /**
   * The kept lines' bytes. Written in turn and wrapping around: the kept lines are the last ones written
   * and add up to at most maxBytes, so a ring that large always holds them whole.
   */
  private ring: Uint8Array;
  private written = 0;
  private keptBytes = 0;
  private keptLength = 0;
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
    this.ring = new Uint8Array(Math.min(this.maxBytes, TAIL_DEFAULTS.maxBytes));
  }

  push(chunk: Uint8Array): void {
    this.total += chunk.length;
    const newlines = this.newlines;
    let count = 0;
    for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) newlines[count++] = at;

    // Lines completed in this chunk before its last maxLines ones cannot survive: count them, copy nothing.
    const skip = Math.max(0, count - this.maxLines);
    let begin = 0;
    for (let index = 0; index < count; index += 1) {
      const end = newlines[index] as number;
      if (index < skip) {
        this.dropped += 1;
        this.pendingLength = 0;
        this.pendingOverflow = 0;
        this.lastByte = -1;
      } else if (this.pendingLength === 0 && this.pendingOverflow === 0 && end - begin <= this.lineLimit) {
        // A line wholly in this chunk, not to be cut: kept straight from it.
        const length = end - begin - (end > begin && chunk[end - 1] === CR ? 1 : 0);
        this.keep(chunk, begin, length, 0, length);
      } else {
        this.append(chunk, begin, end);
        this.finishLine();
      }
      begin = end + 1;
    }
    this.append(chunk, begin, chunk.length);
  }

  /**
   * The tail. `cut`: reading stopped within the last line (following stopped, or a read failed), so a
   * character its last bytes only begin is left out rather than shown as U+FFFD.
   */
  end(cut = false): Tail {
    const whole =
      cut && this.pendingOverflow === 0 ? charBoundary(this.pending, this.pendingLength) : this.pendingLength;
    if (whole < this.pendingLength) {
      this.pendingLength = whole;
      this.lastByte = whole > 0 ? (this.pending[whole - 1] as number) : -1;
    }
    if (this.pendingLength > 0 || this.pendingOverflow > 0) this.finishLine();
    const decoder = new TextDecoder();
    const lines: string[] = [];
    for (let index = this.head; index < this.starts.length; index += 1) {
      const cut = this.cuts[index] as number;
      const bytes = this.bytesOf(this.starts[index] as number, this.lengths[index] as number);
      lines.push(decoder.decode(bytes) + (cut > 0 && this.hasMarker() ? marker(cut) : ''));
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
    this.keep(this.pending, 0, length, cut, size);
  }

  /** Keeps `source[from, from + length)` as the newest line, after the oldest ones it pushes out. */
  private keep(source: Uint8Array, from: number, length: number, cut: number, size: number): void {
    this.starts.push(this.written);
    this.lengths.push(length);
    this.cuts.push(cut);
    this.sizes.push(size);
    this.keptBytes += size;
    this.keptLength += length;
    while (this.starts.length - this.head > this.maxLines || this.keptBytes > this.maxBytes) this.evict();
    if (this.head === this.starts.length) return;
    this.reserve(this.keptLength);
    const ring = this.ring;
    let at = this.written % ring.length;
    // Byte by byte: lines are short, and a view of each to copy it with would be one more object a line.
    for (let index = from; index < from + length; index += 1) {
      ring[at] = source[index] as number;
      at = at + 1 === ring.length ? 0 : at + 1;
    }
    this.written += length;
  }

  /** A ring of at least `bytes` (never more than maxBytes are kept), the kept lines moved into it. */
  private reserve(bytes: number): void {
    const old = this.ring;
    if (bytes <= old.length) return;
    const ring = new Uint8Array(Math.min(this.maxBytes, Math.max(bytes, 2 * old.length)));
    const from = this.head < this.starts.length ? (this.starts[this.head] as number) : this.written;
    for (let at = from; at < this.written; at += 1) ring[at % ring.length] = old[at % old.length] as number;
    this.ring = ring;
  }

  private bytesOf(start: number, length: number): Uint8Array {
    const ring = this.ring;
    const at = start % ring.length;
    if (at + length <= ring.length) return ring.subarray(at, at + length);
    const bytes = new Uint8Array(length);
    bytes.set(ring.subarray(at));
    bytes.set(ring.subarray(0, length - (ring.length - at)), ring.length - at);
    return bytes;
  }

  private evict(): void {
    const head = this.head;
    this.keptBytes -= this.sizes[head] as number;
    this.keptLength -= this.lengths[head] as number;
    this.head += 1;
    this.dropped += 1;
    if (this.head > 1024 && this.head * 2 > this.starts.length) {
      for (const queue of [this.starts, this.lengths, this.cuts, this.sizes]) queue.splice(0, this.head);
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
