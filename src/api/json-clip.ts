// Cutting long string literals out of a JSON body as its bytes arrive, so that a body carrying a text
// of megabytes is never held whole, nor as one string. The bytes pass through unchanged, except each
// string literal longer than LONG_LITERAL_BYTES: it is decoded as JSON.parse would decode it, only
// its start is kept, with the length and SHA-256 of the whole, and a placeholder takes its place in
// the text handed to JSON.parse. The parse step maps placeholders back (remote-text.ts withCutTexts).
// Everything else (malformed JSON outside such literals, a byte order mark, invalid UTF-8) is left to
// the reader and JSON.parse, as if nothing had been cut.
import { cutText, REMOTE_TEXT_BYTES, type CutAtRead } from './remote-text.ts';

/**
 * A literal longer than this, raw, is cut at read. Far above what is kept of a text (4 KiB), so that
 * ordinary strings (ids, URLs, names, short messages) reach JSON.parse as they came. Even escaped at
 * six bytes a character (`\u0000`), such a literal decodes to more than 10 KiB: it is always cut.
 */
export const LONG_LITERAL_BYTES = 64 * 1024;

/** What is kept of a long literal's start: enough for cutText to give the head clipRemoteText gives. */
const HEAD_BYTES = REMOTE_TEXT_BYTES + 8;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NONE = -2;

/** The body once read: its bytes with placeholders, and what each placeholder stands for. */
export interface ClippedBody {
  bytes: Buffer;
  cut: Map<string, CutAtRead>;
  /** A long literal was not valid JSON, or was not terminated: the body is not valid JSON. */
  malformed: boolean;
}

/** Scans one body, chunk by chunk. */
export class JsonClipper {
  readonly #kept: Buffer[] = [];
  #keptBytes = 0;
  #inString = false;
  /** Inside a string, the last byte was a backslash that starts an escape. */
  #escaped = false;
  /** The current literal's raw bytes while it is short, after its opening quote. */
  #literal: Buffer[] = [];
  #literalBytes = 0;
  /** The current literal once it is long. */
  #long: LongText | undefined;
  readonly #cut = new Map<string, CutAtRead>();
  /** Random, made for this body: a server cannot send a placeholder it does not know. */
  #nonce: string | undefined;
  #malformed = false;

  /** Bytes held now: what passes through and the current literal while it is short. */
  get held(): number {
    return this.#keptBytes + this.#literalBytes + (this.#long ? HEAD_BYTES : 0);
  }

  push(chunk: Buffer): void {
    let from = 0; // start of what this chunk has not yet given to the kept bytes or the literal
    let index = 0;
    let nextQuote = -1;
    let nextBackslash = -1;
    while (index < chunk.length) {
      if (!this.#inString) {
        const open = chunk.indexOf(QUOTE, index);
        if (open === -1) break;
        this.#keep(chunk.subarray(from, open + 1));
        from = index = open + 1;
        this.#inString = true;
        continue;
      }
      if (this.#escaped) {
        this.#escaped = false;
        index++;
        continue;
      }
      // The next quote and backslash are searched for once each and reused while ahead, so that a run
      // of backslashes costs one pass, not one search to the end per backslash.
      // (-1: not searched yet; NONE: none left in this chunk.)
      if (nextQuote !== NONE && nextQuote < index) nextQuote = chunk.indexOf(QUOTE, index);
      if (nextQuote === -1) nextQuote = NONE;
      if (nextBackslash !== NONE && nextBackslash < index) nextBackslash = chunk.indexOf(BACKSLASH, index);
      if (nextBackslash === -1) nextBackslash = NONE;
      const end = nextQuote === NONE ? chunk.length : nextQuote;
      if (nextBackslash !== NONE && nextBackslash < end) {
        this.#escaped = true;
        index = nextBackslash + 1;
        continue;
      }
      if (nextQuote === NONE) break;
      this.#literalPart(chunk.subarray(from, nextQuote));
      this.#closeLiteral();
      this.#inString = false;
      from = nextQuote; // the closing quote passes through
      index = nextQuote + 1;
    }
    if (this.#inString) this.#literalPart(chunk.subarray(from));
    else this.#keep(chunk.subarray(from));
  }

  end(): ClippedBody {
    if (this.#inString) {
      // Unterminated: a short literal passes through and JSON.parse refuses it; a long one is refused here.
      if (this.#long) this.#malformed = true;
      else this.#literal.forEach((part) => this.#keep(part));
    }
    const bytes = Buffer.concat(this.#kept, this.#keptBytes);
    return { bytes, cut: this.#cut, malformed: this.#malformed };
  }

  #keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.#kept.push(bytes);
    this.#keptBytes += bytes.length;
  }

  #literalPart(raw: Buffer): void {
    if (raw.length === 0) return;
    if (this.#long) {
      this.#long.write(raw);
      return;
    }
    this.#literal.push(raw);
    this.#literalBytes += raw.length;
    if (this.#literalBytes <= LONG_LITERAL_BYTES) return;
    this.#long = new LongText();
    for (const part of this.#literal) this.#long.write(part);
    this.#literal = [];
    this.#literalBytes = 0;
  }

  #closeLiteral(): void {
    const long = this.#long;
    if (!long) {
      this.#literal.forEach((part) => this.#keep(part));
      this.#literal = [];
      this.#literalBytes = 0;
      return;
    }
    this.#long = undefined;
    const clipped = long.finish();
    if (!clipped) {
      this.#malformed = true;
      return;
    }
    this.#nonce ??= process.getBuiltinModule('node:crypto').randomBytes(16).toString('hex');
    // Longer than any id may be and not a URL, so that where an id or a URL was expected it is refused;
    // the parsers judge it by the length of the text it stands for (remote-text.ts remoteLength), so
    // with the words the long text would have got. Only the texts' parsers map it back to a text.
    const placeholder = `(a text of more than 64 KiB, cut at read: ${this.#nonce} ${this.#cut.size})`;
    this.#cut.set(placeholder, clipped);
    this.#keep(Buffer.from(placeholder, 'utf8'));
  }
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

// eslint-disable-next-line no-control-regex -- JSON forbids these raw in a string
const CONTROL = /[\u0000-\u001f]/;
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * One long literal's content, decoded as JSON.parse decodes it (UTF-8 with invalid bytes as U+FFFD, as
 * Buffer's toString gives them, then escapes), its UTF-8 counted and hashed as it comes, its start kept.
 */
class LongText {
  // ignoreBOM: a U+FEFF at the literal's start is content, not a mark to drop.
  readonly #utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
  readonly #hash = process.getBuiltinModule('node:crypto').createHash('sha256');
  /** Decoded text whose escape is not finished yet. */
  #pending = '';
  /** A high surrogate at the end of what was decoded: hashed with the low one that may follow. */
  #high = '';
  #bytes = 0;
  /** UTF-16 code units, the length of the string JSON.parse would have made. */
  #units = 0;
  #head = '';
  #headBytes = 0;
  #bad = false;

  write(raw: Buffer): void {
    this.#unescape(this.#utf8.decode(raw, { stream: true }));
  }

  /** What is kept of the text, or undefined when it was not a valid JSON string. */
  finish(): CutAtRead | undefined {
    this.#unescape(this.#utf8.decode());
    if (this.#pending !== '') this.#bad = true;
    this.#add('', true);
    if (this.#bad) return undefined;
    const whole = { bytes: this.#bytes, sha256: this.#hash.digest('hex') };
    return { clipped: cutText(this.#head, whole), length: this.#units };
  }

  #unescape(decoded: string): void {
    if (this.#bad) return;
    const text = this.#pending + decoded;
    const out: string[] = [];
    let from = 0;
    for (;;) {
      const slash = text.indexOf('\\', from);
      const plain = text.slice(from, slash === -1 ? text.length : slash);
      if (CONTROL.test(plain)) {
        this.#bad = true;
        return;
      }
      out.push(plain);
      from = slash === -1 ? text.length : slash;
      if (slash === -1) break;
      const kind = text[slash + 1];
      if (kind === undefined) break; // the escape goes on in the next part
      const simple = SIMPLE_ESCAPES[kind];
      if (simple !== undefined) {
        out.push(simple);
        from = slash + 2;
        continue;
      }
      if (kind !== 'u') {
        this.#bad = true;
        return;
      }
      if (text.length < slash + 6) break;
      const hex = text.slice(slash + 2, slash + 6);
      if (!HEX4.test(hex)) {
        this.#bad = true;
        return;
      }
      out.push(String.fromCharCode(parseInt(hex, 16)));
      from = slash + 6;
    }
    this.#pending = text.slice(from);
    this.#add(out.join(''), false);
  }

  /** Counts, hashes and (at the start) keeps `piece`, holding back a high surrogate at its end. */
  #add(piece: string, last: boolean): void {
    let text = this.#high + piece;
    this.#high = '';
    const final = text.charCodeAt(text.length - 1);
    if (!last && final >= 0xd800 && final <= 0xdbff) {
      this.#high = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text === '') return;
    this.#units += text.length;
    this.#bytes += Buffer.byteLength(text, 'utf8');
    this.#hash.update(text, 'utf8');
    if (this.#headBytes < HEAD_BYTES) {
      // Each code unit is at least one byte: this many of them make at least the bytes still wanted.
      this.#head += text.slice(0, HEAD_BYTES - this.#headBytes);
      this.#headBytes = Buffer.byteLength(this.#head, 'utf8');
    }
  }
}
