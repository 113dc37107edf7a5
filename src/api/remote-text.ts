// Texts a server sends are kept, once parsed, only as people are shown them: at most REMOTE_TEXT_BYTES
// of UTF-8 each, so that a server sending megabytes per field cannot make the process hold them for every
// run it follows. A text that was cut says so at its end, with its original length. The few texts that
// identify a run (what the lost-trigger search compares with what was sent) keep, when cut, the length
// and SHA-256 of the whole, so that the comparison stays exact.

/** The most a parsed remote text holds, in UTF-8 bytes, its "(cut)" note included. */
export const REMOTE_TEXT_BYTES = 4096;

/** What a text that was cut was before: for comparing it with a text of our own. */
export interface WholeText {
  /** UTF-8 bytes. */
  bytes: number;
  /** Hex SHA-256 of the UTF-8 bytes. */
  sha256: string;
}

export interface ClippedText {
  text: string;
  /** Only when the text was cut. */
  whole?: WholeText;
}

// node:crypto loads the first time a text is cut, not at start-up.
const sha256 = (text: string) =>
  process.getBuiltinModule('node:crypto').createHash('sha256').update(text, 'utf8').digest('hex');

/** Bytes of UTF-8 without encoding: a string of n code units takes at most 3n bytes. */
function fitsWhole(text: string): boolean {
  return text.length * 3 <= REMOTE_TEXT_BYTES || Buffer.byteLength(text, 'utf8') <= REMOTE_TEXT_BYTES;
}

function cutNote(bytes: number): string {
  return `… (cut: ${bytes} bytes)`;
}

/**
 * The longest start of `text` that fits in `budget` UTF-8 bytes, without splitting a surrogate pair.
 * It depends only on the first `budget` + 4 bytes of `text`: a reader that kept no more than that of a
 * long text (json-clip.ts) gets the same head as one that kept it all.
 */
function headWithin(text: string, budget: number): string {
  let size = 0;
  let end = 0;
  while (end < text.length) {
    const unit = text.charCodeAt(end);
    const pair = unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(end + 1));
    // A lone surrogate is written as U+FFFD, three bytes, as Buffer.byteLength counts it.
    const size1 = unit < 0x80 ? 1 : unit < 0x800 ? 2 : pair ? 4 : 3;
    if (size + size1 > budget) break;
    size += size1;
    end += pair ? 2 : 1;
  }
  return text.slice(0, end);
}

const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * A text that was cut, from its start (at least REMOTE_TEXT_BYTES + 4 bytes of it) and what it was:
 * its start and a "(cut)" note, as clipRemoteText keeps it.
 */
export function cutText(start: string, whole: WholeText): ClippedText {
  const note = cutNote(whole.bytes);
  const head = headWithin(start, REMOTE_TEXT_BYTES - Buffer.byteLength(note, 'utf8'));
  // A slice of a string can share the whole string's memory, and keep it alive as long as the slice
  // lives: the head is copied out through its bytes, so that nothing of the whole is held.
  const kept = Buffer.from(`${head}${note}`, 'utf8').toString('utf8');
  return { text: kept, whole };
}

/** A text a body reader cut as it read it (json-clip.ts). */
export interface CutAtRead {
  /** What clipRemoteText keeps of the whole text. */
  clipped: ClippedText;
  /** Its length in UTF-16 code units, as JSON.parse would have made it: what an id or a URL is judged by. */
  length: number;
}

/**
 * Long texts a body reader already cut, by the placeholder that stands for each in the parsed body; set
 * only while that body is parsed, which is synchronous.
 */
let cutAtRead: ReadonlyMap<string, CutAtRead> | undefined;

/** Runs `parse` with the texts cut at read: each placeholder in `cut` clips to what it stands for. */
export function withCutTexts<T>(cut: ReadonlyMap<string, CutAtRead>, parse: () => T): T {
  const outer = cutAtRead;
  cutAtRead = cut;
  try {
    return parse();
  } finally {
    cutAtRead = outer;
  }
}

/**
 * The length of what `text` stands for: its own, or, for the placeholder of a text cut at read while its
 * body is parsed, the whole text's; a field that is not a text (an id, a URL) refuses a placeholder as
 * the long text it stands for.
 */
export function remoteLength(text: string): number {
  return cutAtRead?.get(text)?.length ?? text.length;
}

/** `text` as it is kept: whole when it fits, else its start and a "(cut)" note, with what it was. */
export function clipRemoteText(text: string): ClippedText {
  const cut = cutAtRead?.get(text);
  if (cut) return cut.clipped;
  if (fitsWhole(text)) return { text };
  return cutText(text, { bytes: Buffer.byteLength(text, 'utf8'), sha256: sha256(text) });
}

/** A remote text for display only. */
export function clipText(text: string): string {
  return !cutAtRead && fitsWhole(text) ? text : clipRemoteText(text).text;
}

/**
 * Whether a parsed remote text is `expected`, a text of our own: compared whole when it was kept whole,
 * else by length and SHA-256 of what was sent.
 */
export function sameText(kept: string | undefined, whole: WholeText | undefined, expected: string): boolean {
  if (!whole) return kept === expected;
  return Buffer.byteLength(expected, 'utf8') === whole.bytes && sha256(expected) === whole.sha256;
}
