// Glob patterns matched against the paths inside an archive (segments joined with `/`): `**` as a whole
// segment matches any number of segments, `*` any characters within a segment, `?` one character,
// `[abc]`, `[a-z]` and `[!abc]` one character of a set, and `\` takes the next character as it is.
// Case-sensitive; a leading dot is matched like any other character; no negation, no braces.
// Segments are matched one at a time, each without regular expressions (a star goes back at most to
// itself), and `**` by a table over segments: a path from the server costs at most about (pattern
// segments × path segments × segment length²), never an exponential backtracking.

type SegmentMatcher = { any: true } | { any: false; test: (segment: string) => boolean };

/** One step of a segment's pattern: a star, or a test of one character. */
type Token = 'star' | ((char: string) => boolean);

/** The bracket expression starting at `start` (`[`) as a test of one character, or undefined when unclosed. */
function bracketAt(
  pattern: string,
  start: number,
): { test: (char: string) => boolean; end: number } | undefined {
  let i = start + 1;
  const negate = pattern[i] === '!' || pattern[i] === '^';
  if (negate) i += 1;
  const ranges: [string, string][] = [];
  let first = true;
  while (i < pattern.length && (first || pattern[i] !== ']')) {
    const from = pattern[i]!;
    if (pattern[i + 1] === '-' && i + 2 < pattern.length && pattern[i + 2] !== ']') {
      ranges.push([from, pattern[i + 2]!]);
      i += 3;
    } else {
      ranges.push([from, from]);
      i += 1;
    }
    first = false;
  }
  if (i >= pattern.length) return undefined;
  const test = (char: string): boolean =>
    ranges.some(([low, high]) => char >= low && char <= high) !== negate;
  return { test, end: i };
}

function tokensOf(segment: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i]!;
    if (char === '\\' && i + 1 < segment.length) {
      i += 1;
      const literal = segment[i]!;
      tokens.push((each) => each === literal);
    } else if (char === '*') {
      if (tokens.at(-1) !== 'star') tokens.push('star');
    } else if (char === '?') tokens.push(() => true);
    else if (char === '[' && bracketAt(segment, i) !== undefined) {
      const bracket = bracketAt(segment, i)!;
      tokens.push(bracket.test);
      i = bracket.end;
    } else tokens.push((each) => each === char);
  }
  return tokens;
}

/**
 * Whether the characters match the tokens: the greedy walk that goes back only to the last star, which is
 * enough (a later star can take whatever an earlier one would have), so it is linear per star.
 */
function matchTokens(tokens: readonly Token[], chars: readonly string[]): boolean {
  let t = 0;
  let c = 0;
  let starAt = -1;
  let starFrom = 0;
  while (c < chars.length) {
    const token = tokens[t];
    if (token === 'star') {
      starAt = t;
      starFrom = c;
      t += 1;
    } else if (token !== undefined && token(chars[c]!)) {
      t += 1;
      c += 1;
    } else if (starAt !== -1) {
      t = starAt + 1;
      starFrom += 1;
      c = starFrom;
    } else return false;
  }
  while (tokens[t] === 'star') t += 1;
  return t === tokens.length;
}

function segmentMatcher(segment: string): SegmentMatcher {
  if (segment === '**') return { any: true };
  const tokens = tokensOf(segment);
  // By code point, so `?` is one character even outside the Basic Multilingual Plane.
  return { any: false, test: (name) => matchTokens(tokens, Array.from(name)) };
}

/** Why a pattern cannot be used, or undefined when it can. */
export function globProblem(pattern: string): string | undefined {
  if (pattern.startsWith('!')) return `"${pattern}" starts with "!": patterns cannot exclude`;
  if (pattern.startsWith('/')) return `"${pattern}" is absolute: patterns match paths inside the archive`;
  if (pattern.split('/').includes('..')) return `"${pattern}" has "..": archive paths never do`;
  return undefined;
}

/** A test for archive paths matching one pattern (a leading `./` is ignored). */
export function compileGlob(pattern: string): (path: string) => boolean {
  const segments = pattern
    .replace(/^(?:\.\/)+/, '')
    .split('/')
    .filter((each, i, all) => {
      // `a//b` is `a/b`, and `**/**` is `**`.
      if (each === '') return false;
      return !(each === '**' && all[i - 1] === '**');
    });
  const matchers = segments.map(segmentMatcher);
  return (path) => matchSegments(matchers, path.split('/'));
}

function matchSegments(matchers: readonly SegmentMatcher[], names: readonly string[]): boolean {
  // reachable[j]: the matchers so far can consume exactly the first j names.
  let reachable = new Array<boolean>(names.length + 1).fill(false);
  reachable[0] = true;
  for (const matcher of matchers) {
    const next = new Array<boolean>(names.length + 1).fill(false);
    for (let j = 0; j <= names.length; j++) {
      if (!reachable[j]) continue;
      if (matcher.any) {
        for (let k = j; k <= names.length; k++) next[k] = true;
        break;
      }
      if (j < names.length && matcher.test(names[j]!)) next[j + 1] = true;
    }
    reachable = next;
  }
  return reachable[names.length] === true;
}

/** The patterns of a multi-line input: one a line, trimmed, blank lines left out. */
export function globLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A test for archive paths matching any of the patterns. */
export function globMatcher(patterns: readonly string[]): (path: string) => boolean {
  const tests = patterns.map(compileGlob);
  return (path) => tests.some((test) => test(path));
}
