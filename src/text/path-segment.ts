// A URL path segment built from remote text (a pipeline's, an application's or an owner's name). Every
// byte of its UTF-8 outside `[A-Za-z0-9_.-]` is percent-encoded: encodeURIComponent keeps `!`, `'`, `(`,
// `)`, `*` and `~`, and a link is pasted into quoted strings (`url = '${{ steps.ci.outputs.web-url }}'` in
// a script, Python or a shell), where a `'` would end the string and let the name run as code. With
// only letters, digits, `_`, `.`, `-` and `%XX` left, the segment means the same text to every server
// and is inert in any quoting. A `.` or `..` segment stays a dot segment however it is encoded: callers
// must not build one.

/** `text` as one path segment (or query value) made of `[A-Za-z0-9_.-]` and `%XX` only. */
export function pathSegment(text: string): string {
  // toWellFormed: a lone surrogate becomes U+FFFD, where encodeURIComponent would throw.
  return encodeURIComponent(text.toWellFormed()).replace(/[!'()*~]/g, percentEncoded);
}

function percentEncoded(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
}
