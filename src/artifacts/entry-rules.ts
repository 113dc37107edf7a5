// Which names an archive entry may have once written to disk, decided from the name alone. Every rule here
// is a reason to skip the entry; none rewrites a name into another, so what lands on disk is always a name
// the archive really holds. The rules are those of the most restrictive file systems a workflow meets
// (Windows, case-insensitive macOS), so a tree that extracts here also extracts there when uploaded again.

/** Why an entry was not written. Counted per archive, each reason under its own name. */
export type SkipReason =
  | 'absolute'
  | 'dot-dot'
  | 'drive-letter'
  | 'backslash'
  | 'reserved-name'
  | 'trailing-dot-or-space'
  | 'forbidden-character'
  | 'control-character'
  | 'segment-too-long'
  | 'path-too-long'
  | 'same-after-case-folding'
  | 'not-utf8'
  | 'symlink'
  | 'hardlink'
  | 'device'
  | 'fifo'
  | 'unsupported-type'
  | 'conflict';

/** A name checked: the segments to join under the root, or the reason it may not be written. */
export type CheckedName = { segments: string[] } | { skip: SkipReason };

const MAX_SEGMENT_BYTES = 255;
const MAX_PATH_BYTES = 1024;

// Windows device names, also with an extension (`NUL.txt`) or trailing spaces; the superscript digits
// count as digits there too.
const RESERVED = /^(?:con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])\s*$/i;
const FORBIDDEN = /[:<>"|?*]/;
// C0, DEL and C1.
const CONTROL = new RegExp(String.raw`[\x00-\x1f\x7f-\x9f]`);
// What a decoder makes of bytes that are not UTF-8. The tar reader decodes names as UTF-8, so a name that
// holds U+FFFD either was not valid UTF-8 or spells the replacement character itself: both are skipped.
const REPLACEMENT = '\uFFFD';

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The rules for one path segment that is neither empty, `.` nor `..`. */
function segmentSkip(segment: string): SkipReason | undefined {
  if (CONTROL.test(segment)) return 'control-character';
  if (FORBIDDEN.test(segment)) return 'forbidden-character';
  if (RESERVED.test(segment.split('.')[0] ?? '')) return 'reserved-name';
  if (segment.endsWith('.') || segment.endsWith(' ')) return 'trailing-dot-or-space';
  if (utf8Length(segment) > MAX_SEGMENT_BYTES) return 'segment-too-long';
  return undefined;
}

/**
 * The segments of an entry's name relative to the root, or why it is skipped. `.` and empty segments
 * (`./a`, `a//b`, a folder's trailing `/`) are dropped; the archive's root itself has no segments.
 */
export function checkEntryName(name: string): CheckedName {
  if (name.includes(REPLACEMENT)) return { skip: 'not-utf8' };
  if (name.startsWith('/')) return { skip: 'absolute' };
  if (/^[A-Za-z]:/.test(name)) return { skip: 'drive-letter' };
  if (name.includes('\\')) return { skip: 'backslash' };
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return { skip: 'dot-dot' };
  for (const segment of segments) {
    const skip = segmentSkip(segment);
    if (skip !== undefined) return { skip };
  }
  if (utf8Length(segments.join('/')) > MAX_PATH_BYTES) return { skip: 'path-too-long' };
  return { segments };
}

/**
 * The form two names share when a case-insensitive, normalising file system takes them for one: NFC,
 * then full case folding (upper then lower case maps `ß` and `SS` alike), then NFC again.
 */
export function foldName(path: string): string {
  return path.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}
