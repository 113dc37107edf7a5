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

/** The start of `text` that fits in `budget` UTF-8 bytes, without splitting a surrogate pair. */
function headWithin(text: string, budget: number): string {
  let head = text.slice(0, budget);
  let size = Buffer.byteLength(head, 'utf8');
  while (size > budget) {
    // Every code unit dropped is 1 to 3 bytes: drop at least as many as are over, at most a third more.
    head = head.slice(0, head.length - Math.max(1, Math.floor((size - budget) / 3)));
    size = Buffer.byteLength(head, 'utf8');
  }
  const last = head.charCodeAt(head.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? head.slice(0, -1) : head;
}

/** `text` as it is kept: whole when it fits, else its start and a "(cut)" note, with what it was. */
export function clipRemoteText(text: string): ClippedText {
  if (fitsWhole(text)) return { text };
  const bytes = Buffer.byteLength(text, 'utf8');
  const note = cutNote(bytes);
  const head = headWithin(text, REMOTE_TEXT_BYTES - Buffer.byteLength(note, 'utf8'));
  // A slice of a string can share the whole string's memory, and keep it alive as long as the slice
  // lives: the head is copied out through its bytes, so that nothing of the whole is held.
  const kept = Buffer.from(`${head}${note}`, 'utf8').toString('utf8');
  return { text: kept, whole: { bytes, sha256: sha256(text) } };
}

/** A remote text for display only. */
export function clipText(text: string): string {
  return fitsWhole(text) ? text : clipRemoteText(text).text;
}

/**
 * Whether a parsed remote text is `expected`, a text of our own: compared whole when it was kept whole,
 * else by length and SHA-256 of what was sent.
 */
export function sameText(kept: string | undefined, whole: WholeText | undefined, expected: string): boolean {
  if (!whole) return kept === expected;
  return Buffer.byteLength(expected, 'utf8') === whole.bytes && sha256(expected) === whole.sha256;
}
