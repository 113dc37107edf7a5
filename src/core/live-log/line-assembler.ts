// Bytes of a growing log in, whole lines out. Reads end anywhere: a line waits for its newline (or for
// `end()`), and since only whole lines are decoded, a character split between two reads comes out whole
// (LF never occurs inside a multi-byte UTF-8 sequence). A line longer than the limit keeps its beginning
// and ends with `… [N more bytes]`, as a log tail's does; memory is the limit, whatever the line's length.
import { charBoundary, marker, MARKER_ROOM, TAIL_DEFAULTS } from '../report/tail.ts';

const LF = 0x0a;
const CR = 0x0d;

export interface LineAssemblerOptions {
  /** Default 4 KiB, as a log tail's lines. */
  maxLineBytes?: number;
}

export class LineAssembler {
  readonly #limit: number;
  readonly #pending: Uint8Array;
  readonly #decoder = new TextDecoder();
  #length = 0;
  /** Bytes of the current line past the limit. */
  #overflow = 0;
  #lastByte = -1;
  /** Bytes taken since the start (or the last reset): the offset of the next byte. */
  #offset = 0;

  constructor(options: LineAssemblerOptions = {}) {
    const limit = options.maxLineBytes ?? TAIL_DEFAULTS.maxLineBytes;
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`maxLineBytes must be a whole number ≥ 1`);
    this.#limit = limit;
    this.#pending = new Uint8Array(limit);
  }

  /** The log's byte offset of the next byte expected. */
  get offset(): number {
    return this.#offset;
  }

  /** True while a line has begun and not ended. */
  get partial(): boolean {
    return this.#length > 0 || this.#overflow > 0;
  }

  /** The lines that `chunk` completes, in order, without their line ends (LF or CRLF). */
  push(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    let begin = 0;
    for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) {
      this.#append(chunk, begin, at);
      lines.push(this.#finish());
      begin = at + 1;
    }
    this.#append(chunk, begin, chunk.length);
    this.#offset += chunk.length;
    return lines;
  }

  /** The last line, when the log ends without a newline. */
  end(): string | undefined {
    return this.partial ? this.#finish() : undefined;
  }

  /** Back to the log's first byte (it started over), dropping the line begun. */
  reset(): void {
    this.#length = 0;
    this.#overflow = 0;
    this.#lastByte = -1;
    this.#offset = 0;
  }

  #append(chunk: Uint8Array, from: number, to: number): void {
    const take = Math.min(this.#limit - this.#length, to - from);
    if (take > 0) {
      this.#pending.set(chunk.subarray(from, from + take), this.#length);
      this.#length += take;
    }
    this.#overflow += to - from - Math.max(0, take);
    if (to > from) this.#lastByte = chunk[to - 1] as number;
  }

  #finish(): string {
    let length = this.#length;
    let cut = this.#overflow;
    if (this.#lastByte === CR && length + cut > 0) {
      if (cut > 0) cut -= 1;
      else length -= 1;
    }
    this.#length = 0;
    this.#overflow = 0;
    this.#lastByte = -1;
    if (cut === 0) return this.#decoder.decode(this.#pending.subarray(0, length));
    const room = this.#limit >= 2 * MARKER_ROOM ? MARKER_ROOM : 0;
    const keep = charBoundary(this.#pending, Math.min(length, this.#limit - room));
    const text = this.#decoder.decode(this.#pending.subarray(0, keep));
    return room > 0 ? text + marker(cut + length - keep) : text;
  }
}
