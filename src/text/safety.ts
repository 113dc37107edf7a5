// Remote text (names, statuses, messages, step logs) is untrusted wherever it is shown: in the runner's log
// and annotations, in the job summary, in a terminal. One set of rules applies everywhere:
//   - Escape sequences are removed whole: CSI (`ESC [` or its one-character form U+009B, up to the final
//     byte), the OSC, DCS, SOS, PM and APC strings (up to BEL or ST), and every other `ESC` escape. Only in
//     the fenced tail of a step log are SGR colours (`ESC [ … m`) kept, for the runner's log viewer draws
//     them; they cannot move the cursor, set a title or hide a link. A colour that splits a `##[` or a
//     `::` (`#ESC[0m#[error]`) is removed there too, so that the marker is seen, and broken up, whole.
//   - The other control characters are removed: C0 except tab, DEL, C1, and the bidirectional controls
//     (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) that make text read in an order other than
//     the one it is stored in.
//   - Invisible characters are removed: the format characters (Cf) and every Default_Ignorable_Code_Point
//     (zero-width spaces and joiners, soft hyphens, fillers, variation selectors, tags). A server that
//     echoes a token with U+200B between its characters would otherwise pass the redactor (which runs on
//     neutralised text) and still read as the token. Only a zero-width joiner between two emoji stays,
//     for it draws one emoji (a family, a flag) and cannot hide a token, whose characters are ASCII.
//   - Line breaks (CRLF, LF, CR, VT, FF, U+0085, U+2028, U+2029) are all the same thing: a space in
//     one-line text, the end of a line in multi-line text, <br> in HTML.
// Removing rather than replacing also suits the runner, whose command matching skips control characters
// anyway (below): what is checked here is then what the runner compares.
//
// How the runner reads our stdout: line by line, where CR, LF and CRLF all end a line. A line is a command
// when, for any registered command name (compared case-insensitively),
//   - it starts with `::name` once leading whitespace is trimmed (`::error::x`, `::add-mask::x`), or
//   - it contains `##[name` anywhere: the older syntax, still honoured (`text ##[add-mask]x` masks x).
// `::stop-commands::<token>` turns both off until a line names the token as a command (`::<token>::` or
// `##[<token>]`, in any case); so the fenced text must not contain the token, which fenceFor() ensures.
// While commands are off, a command-looking line is printed as it is, and the log viewer draws lines such as
// `##[endgroup]` or `##[error]` itself: `##[` is therefore broken up inside the fence as well, so remote text
// can neither close our group early nor dress up as an error.
//
// The insertions are visible ASCII on purpose: the runner matches `::` and `##[` with culture-sensitive
// .NET string comparison, which skips zero-width and control characters, so an invisible marker would not
// reliably break a match, and such characters between the `#`s or the `:`s must not hide one either.
import { fenceFor, randomToken, type TokenSource } from './fence.ts';

// C0 but tab and the line breaks, DEL, C1 but NEL, the bidirectional controls
const CONTROLS = String.raw`[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]`;
const STRING_END = String.raw`[^\x07\x1b\x9c\n\r\v\f\x85\u2028\u2029]*(?:\x07|\x1b\\|\x9c)?`;
const UNSAFE = new RegExp(
  [
    String.raw`(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?`, // CSI, also when cut before its final byte
    String.raw`(?:\x1b[\]P^_X]|[\x90\x98\x9d-\x9f])${STRING_END}`, // OSC, DCS, SOS, PM, APC
    String.raw`\x1b[ -/]*[0-~]?`, // any other escape, and a lone ESC
    CONTROLS,
  ].join('|'),
  'g',
);
/** Every match of UNSAFE begins with one of CONTROLS: a text without any has nothing to remove. */
const HAS_CONTROL = new RegExp(CONTROLS);
const SGR = new RegExp(String.raw`^\x1b\[[0-9;:]*m$`);
// Cf and Default_Ignorable_Code_Point overlap (U+200B–U+200F, U+FEFF…) without either holding the other:
// U+0600 is Cf only, U+3164 and the variation selectors are ignorable only.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
// Every invisible character but a zero-width joiner between two emoji (the first may end in a modifier or
// U+FE0F): such a joiner draws one emoji (a family, a flag), and no ASCII character is an emoji.
const EMOJI = String.raw`[\p{Extended_Pictographic}\p{Emoji_Modifier}]`;
const REMOVED_INVISIBLES = new RegExp(
  String.raw`(?<!${EMOJI}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})|(?!\u200D)[\p{Cf}\p{Default_Ignorable_Code_Point}]`,
  'gu',
);

/** Every kind of line break, for splitting or replacing (a global pattern: do not use it with test()). */
export const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

export interface NeutralizeOptions {
  /** Keep SGR colour sequences (only for the fenced log tail). Default false. */
  keepColors?: boolean;
}

/**
 * Remote text without escape sequences, control characters or invisible ones; tabs and line breaks are
 * left as they are.
 */
export function neutralize(text: string, options: NeutralizeOptions = {}): string {
  // A long text (a live log's chunk) is most often clean: quick looks instead of the whole patterns.
  const keep = options.keepColors === true;
  const visible = HAS_CONTROL.test(text)
    ? text.replace(UNSAFE, (match) => (keep && SGR.test(match) ? match : ''))
    : text;
  return removeInvisible(visible);
}

/**
 * Text without format characters and Default_Ignorable_Code_Point characters, but a zero-width joiner
 * between two emoji. neutralize() does this; the redactor does it too, on text that was not neutralised.
 */
export function removeInvisible(text: string): string {
  return INVISIBLE.test(text) ? text.replace(REMOVED_INVISIBLES, '') : text;
}

/** Remote text as one line: neutralised, every line break a space. */
export function stripControls(text: string): string {
  return neutralize(text).replace(LINE_BREAKS, ' ');
}

/** Remote text as lines: neutralised, split at every line break. */
export function splitLines(text: string, options: NeutralizeOptions = {}): string[] {
  return neutralize(text, options).split(LINE_BREAKS);
}

/** At most `maxLength` code units, ending with `…` when cut, without splitting a surrogate pair. */
export function clip(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const length = Math.max(0, maxLength - 1);
  const code = text.charCodeAt(length - 1);
  return `${text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length)}…`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes the five characters that matter in HTML text and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Remote text as HTML (a summary cell): neutralised, escaped, line breaks as <br>. */
export function htmlText(text: string): string {
  return escapeHtml(neutralize(text)).replace(LINE_BREAKS, '<br>');
}

/** Remote text for one terminal table cell or field: one line, whitespace runs as one space, long text cut. */
export function cleanCell(text: string, maxLength = 80): string {
  return clip(stripControls(text).replace(/\s+/g, ' ').trim(), maxLength);
}

// `#`, `#`, `[` with only invisible format characters between them: what the runner would take for `##[`.
const LOG_MARKER = /#\p{Cf}*#\p{Cf}*\[/gu;
const HAS_LOG_MARKER = /#\p{Cf}*#\p{Cf}*\[/u;
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/** Breaks up every `##[` (runner command, log-viewer marker) without otherwise changing the line. */
export function defuseLogLine(line: string): string {
  return line.replace(LOG_MARKER, '# #[');
}

const COLOUR = String.raw`\x1b\[[0-9;:]*m`;
// A `##[` or a `::` with colours between its characters: the log viewer draws it whole. A `#` is followed
// by the rest of a `##[`; a `:` by colours and the next `:`, which may start the next match (`:·:·:`).
const SPLIT_MARKER = new RegExp(String.raw`#(?:${COLOUR})*#(?:${COLOUR})*\[|:(?:${COLOUR})+(?=:)`, 'g');
const COLOURS = new RegExp(COLOUR, 'g');

/**
 * Neutralised text with colours kept, without the colours that split a `##[` or a `::`; the other colours
 * stay. Done before defuseLogLine, which then breaks up the `##[` so joined.
 */
function joinSplitMarkers(text: string): string {
  return text.includes('\x1b') ? text.replace(SPLIT_MARKER, (marker) => marker.replace(COLOURS, '')) : text;
}

export interface SanitizeOptions {
  /** Longer text is cut and ends with `…`. Default 1000 UTF-16 code units. */
  maxLength?: number;
}

/**
 * A line about to be printed outside a fence, as the runner would read it: on one line, and with a
 * visible `› ` in front and `##[` broken up when it would otherwise be a workflow command.
 */
export function guardLogLine(line: string): string {
  const single = line.replace(LINE_BREAKS, ' ');
  const bare = single.replace(FORMAT_CHARACTERS, '');
  if (!bare.trimStart().startsWith('::') && !HAS_LOG_MARKER.test(single)) return single;
  return `› ${defuseLogLine(single)}`;
}

/**
 * One remote string made safe to print on a single line outside a fence, on its own (core.info), as a
 * command's data (the title of core.startGroup, which escapes `%` itself) or as an annotation. Neutralised
 * and on one line, so it cannot start a second line (`\n::endgroup::`); `##[` is broken up; a line that
 * would start with `::` gets a visible `› ` in front.
 */
export function sanitizeLine(text: string, options: SanitizeOptions = {}): string {
  const line = defuseLogLine(clip(stripControls(text), options.maxLength ?? 1000));
  return line.replace(FORMAT_CHARACTERS, '').trimStart().startsWith('::') ? `› ${line}` : line;
}

/**
 * The lines to print for imported log text: the fence start, each line neutralised (colours kept, a line
 * break inside a line ends it) and defused, the fence end. Print each element as one line (core.info); the
 * text may then contain anything, including `::endgroup::`.
 */
export function fenceLogLines(lines: readonly string[], nextToken: TokenSource = randomToken): string[] {
  const body = lines
    .flatMap((line) => splitLines(line, { keepColors: true }))
    .map((line) => defuseLogLine(joinSplitMarkers(line)));
  const fence = fenceFor(body, nextToken);
  return [fence.start, ...body, fence.end];
}

/**
 * `fenceLogLines(text.split('\n'))` for lines that come as one text joined by LF (a live log's chunk), as
 * pieces to write one after the other: together they are those lines, each ended by `eol`. A few passes
 * over the whole text replace several strings and arrays per line, and the text is not copied to be
 * joined to the fence's lines. No escape sequence, `##[` or token spans a line end, so neutralising,
 * defusing and looking for the token in the whole text is the same as in each line. A line ending in a
 * CR of its own would join the LF after it into one break: such a text is fenced line by line.
 */
export function fenceLogText(text: string, eol: string, nextToken: TokenSource = randomToken): string[] {
  const body = defuseLogLine(joinSplitMarkers(neutralize(text, { keepColors: true })));
  if (body.includes('\r\n')) return [fenceLogLines(text.split('\n'), nextToken).join(eol) + eol];
  const fence = fenceFor(body, nextToken);
  const lines = eol === '\n' && !OTHER_BREAK.test(body) ? body : body.replace(LINE_BREAKS, eol);
  return [fence.start + eol, lines, eol + fence.end + eol];
}

/** Every line break LINE_BREAKS matches but LF. */
const OTHER_BREAK = /[\r\v\f\u0085\u2028\u2029]/;
