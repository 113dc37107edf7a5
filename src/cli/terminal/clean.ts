// Remote text (names, messages, step logs) must not be able to drive the terminal: escape sequences could
// move the cursor, rewrite earlier lines, change the window title or hide text.

// CSI (`ESC [` … final byte), OSC (`ESC ]` … BEL or ST), DCS/PM/APC/SOS strings, and two-byte escapes.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b[\]P^_X][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[ -~]?/g;
// C0 controls but tab, DEL, C1 controls (U+009B is a one-character CSI), and the bidirectional overrides that
// make text read in a different order than it is stored.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** One line of remote text without escape sequences or control characters (line breaks included). */
export function stripControls(text: string): string {
  return text.replace(ESCAPES, '').replace(CONTROLS, '');
}

/** Remote text for one table cell or field: controls gone, whitespace runs as one space, long text cut. */
export function cleanCell(text: string, maxLength = 80): string {
  const line = stripControls(text.replace(/\s+/g, ' ')).trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}
