// Bytes of a growing log in, whole lines out. Reads end anywhere: a line waits for its newline (or for
// `end()`), and since only whole lines are decoded, a character split between two reads comes out whole
// (LF never occurs inside a multi-byte UTF-8 sequence). A line longer than the limit keeps its beginning
// and ends with `… [N more bytes]`, as a log tail's does; memory is the limit (and a copy of the largest
// chunk, to decode a chunk's lines at once), whatever the line's length.
import { charBoundary, marker, MARKER_ROOM, TAIL_DEFAULTS } from '../report/tail.ts';

const LF = 0x0a;
const CR = 0x0d;
const BOM = '\ufeff';

export interface LineAssemblerOptions {
  /** Default 4 KiB, as a log tail's lines. */
  maxLineBytes?: number;
}

export class LineAssembler {
  readonly #limit: number;
  readonly #pending: Uint8Array;
  readonly #decoder = new TextDecoder();
  /** Where the line begun and the lines that end it are put together to be decoded at once. */
  #scratch = new Uint8Array(0);
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
    return this.pushBlock(chunk)?.split('\n') ?? [];
  }

  /**
   * The lines that `chunk` completes as one text, joined by LF (`push(chunk).join('\n')`); undefined when
   * it completes none. A long log brings thousands of lines a second: the lines of a chunk are decoded at
   * once, with the line begun before it, rather than each on its own. Only a chunk that holds a line to
   * cut takes them one by one.
   */
  pushBlock(chunk: Uint8Array): string | undefined {
    const last = chunk.lastIndexOf(LF);
    let text: string | undefined;
    if (last !== -1) text = this.#fits(chunk, last) ? this.#block(chunk, last) : this.#lines(chunk, last);
    this.#append(chunk, last + 1, chunk.length);
    this.#offset += chunk.length;
    return text;
  }

  /**
   * The last line, when the log ends without a newline. `cut`: reading stopped within the line (following
   * stopped, or a read failed), so a character its last bytes only begin is left out rather than shown as
   * U+FFFD; the end of a whole log is decoded as it is.
   */
  end(cut = false): string | undefined {
    const whole = cut && this.#overflow === 0 ? charBoundary(this.#pending, this.#length) : this.#length;
    if (whole < this.#length) {
      this.#length = whole;
      this.#lastByte = whole > 0 ? (this.#pending[whole - 1] as number) : -1;
    }
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

  /** True when no line that `chunk` completes (up to its last LF, at `last`) is over the limit. */
  #fits(chunk: Uint8Array, last: number): boolean {
    if (this.#overflow > 0) return false;
    let begin = 0;
    let before = this.#length;
    for (let at = chunk.indexOf(LF); at !== -1 && at <= last; at = chunk.indexOf(LF, at + 1)) {
      const endsInCr = at > begin ? chunk[at - 1] === CR : before > 0 && this.#lastByte === CR;
      if (before + at - begin - (endsInCr ? 1 : 0) > this.#limit) return false;
      before = 0;
      begin = at + 1;
    }
    return true;
  }

  /** The line begun and the chunk up to its last LF, decoded at once: no line in it is to be cut. */
  #block(chunk: Uint8Array, last: number): string {
    const begun = this.#length;
    this.#length = 0;
    this.#lastByte = -1;
    if (begun === 0) return this.#decodeRun(chunk, 0, last);
    // One copy of bytes in a buffer kept from chunk to chunk, rather than two strings joined.
    const size = begun + last;
    if (this.#scratch.length < size) this.#scratch = new Uint8Array(Math.max(size, 2 * this.#scratch.length));
    this.#scratch.set(this.#pending.subarray(0, begun));
    this.#scratch.set(chunk.subarray(0, last), begun);
    return this.#decodeRun(this.#scratch, 0, size);
  }

  /** The lines one by one, the ones over the limit cut; the runs of lines between them decoded at once. */
  #lines(chunk: Uint8Array, last: number): string {
    const first = chunk.indexOf(LF);
    this.#append(chunk, 0, first);
    let text = this.#finish();
    /** Where the whole lines not yet decoded begin. */
    let run = first + 1;
    let begin = first + 1;
    for (let at = chunk.indexOf(LF, begin); at !== -1 && at <= last; at = chunk.indexOf(LF, at + 1)) {
      if (at - begin - (at > begin && chunk[at - 1] === CR ? 1 : 0) > this.#limit) {
        if (begin > run) text += `\n${this.#decodeRun(chunk, run, begin - 1)}`;
        this.#append(chunk, begin, at);
        text += `\n${this.#finish()}`;
        run = at + 1;
      }
      begin = at + 1;
    }
    if (begin > run) text += `\n${this.#decodeRun(chunk, run, begin - 1)}`;
    return text;
  }

  /**
   * Whole lines within the line limit, `chunk[from, to)` without the LF that ends the last, decoded as
   * each would be on its own: without the CR of a CRLF, and without a byte order mark that begins a line
   * (a decode drops the one it begins with).
   */
  #decodeRun(chunk: Uint8Array, from: number, to: number): string {
    let text = this.#decoder.decode(chunk.subarray(from, to > from && chunk[to - 1] === CR ? to - 1 : to));
    if (text.includes('\r')) text = text.replaceAll('\r\n', '\n');
    if (text.includes(BOM)) text = text.replaceAll(`\n${BOM}`, '\n');
    return text;
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
