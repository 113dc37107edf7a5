// JSON for scripts that a workflow step's runner and a terminal also read. JSON.stringify escapes C0
// controls but leaves `#`, DEL, C1, the format characters (bidirectional controls, zero-width ones) and
// the line and paragraph separators as they are: the runner acts on `##[` anywhere in a line, a terminal
// on C1 escapes, and a reader of the log is misled by text drawn out of order. Each of them is written
// as its `\uXXXX` escape instead, which a JSON parser reads back as the same character.
// C0 controls need nothing: JSON.stringify escapes them in strings, and only LF stands between them.
const UNSAFE_IN_JSON = /[#\x7f-\x9f\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;

/** `value` as JSON (pretty-printed with `indent`), with nothing in it the runner or a terminal acts on. */
export function inertJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, escapeUnits);
}

/** A character as `\uXXXX` escapes, one per UTF-16 code unit (a pair for one above U+FFFF). */
function escapeUnits(char: string): string {
  let out = '';
  for (let at = 0; at < char.length; at += 1) {
    out += `\\u${char.charCodeAt(at).toString(16).padStart(4, '0')}`;
  }
  return out;
}
