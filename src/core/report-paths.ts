// Where a failed test's annotation points: a path relative to the repository, from the `file` a report
// names or from the first stack frame of its failure text, as the remote machine wrote them. Remote paths
// are made relative by stripping `test-reports-root`, or else by asking which of their suffixes exists in
// the workspace; without either, only a path that is already relative is kept. Whatever the input, the
// answer is relative, has no `..` segment and no control character: never outside the repository.
import type { TestCase } from './test-results.ts';

export interface AnnotationPlace {
  path: string;
  line?: number;
}

export interface PathOptions {
  /** `test-reports-root`: the remote folder the repository was checked out in. */
  root?: string;
  /** Whether a repository-relative path (clean, `/`-separated) exists in the workspace's checkout. */
  exists?: (relativePath: string) => boolean;
}

const MAX_PATH = 1024;
const MAX_LINE = 10_000_000;
/** Folders whose frames are never the test's own. */
const LIBRARY_FOLDERS = new Set(['node_modules', 'vendor']);
// `at fn (path:12:3)`, `at path:12:3`, `path:12: message`, `File "path", line 12`: a path holds no space,
// quote or parenthesis, and ends in a file name with an extension.
const FRAME =
  /File "([^"\n]{1,1024})", line (\d{1,8})|(?:^|[\s(])((?:[A-Za-z]:)?[^\s"'()<>:]{0,1020}\.[A-Za-z0-9]{1,12}):(\d{1,8})\b/gm;

/** The path and line of the first stack frame of a failure text that is not a library's, if any. */
export function firstFrame(text: string): AnnotationPlace | undefined {
  for (const match of text.matchAll(FRAME)) {
    const path = match[1] ?? match[3]!;
    const line = Number(match[2] ?? match[4]);
    if (segmentsOf(path).some((segment) => LIBRARY_FOLDERS.has(segment))) continue;
    if (path.startsWith('node:') || path.startsWith('internal/')) continue;
    return { path, ...(validLine(line) ? { line } : {}) };
  }
  return undefined;
}

function validLine(line: number | undefined): line is number {
  return line !== undefined && Number.isInteger(line) && line >= 1 && line <= MAX_LINE;
}

/** A remote path as `/`-separated segments (backslashes too), without empty and `.` ones. */
function segmentsOf(path: string): string[] {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
}

function isAbsolute(path: string): boolean {
  return /^(?:[/\\]|[A-Za-z]:)/.test(path);
}

/** Segments that make a path inside the repository: none `..` or a drive, nor holding a control. */
function isClean(segments: readonly string[]): boolean {
  return (
    segments.length > 0 &&
    segments.join('/').length <= MAX_PATH &&
    segments.every(
      (segment) => segment !== '..' && !/^[A-Za-z]:$/.test(segment) && !/[\p{Cc}\p{Cf}]/u.test(segment),
    )
  );
}

/** A remote path made repository-relative, or undefined when it cannot be without leaving the repository. */
export function repositoryPath(remote: string, options: PathOptions = {}): string | undefined {
  if (remote.length > MAX_PATH * 4) return undefined;
  const segments = segmentsOf(remote);
  const root = options.root === undefined ? [] : segmentsOf(options.root);
  if (root.length > 0 && isAbsolute(remote) === isAbsolute(options.root!)) {
    const under = root.every((segment, i) => segments[i] === segment);
    if (under) {
      const rest = segments.slice(root.length);
      return isClean(rest) ? rest.join('/') : undefined;
    }
  }
  if (options.exists !== undefined) return existingSuffix(segments, options.exists);
  if (isAbsolute(remote)) return undefined;
  return isClean(segments) ? segments.join('/') : undefined;
}

/**
 * The longest clean suffix of the segments that exists in the workspace: the shortest prefix stripped, so
 * `/build/repo/src/a.ts` is `src/a.ts` rather than an `a.ts` that happens to exist at the top as well.
 */
function existingSuffix(segments: readonly string[], exists: (path: string) => boolean): string | undefined {
  // Nothing before the last `..` can be part of a clean suffix.
  const start = segments.lastIndexOf('..') + 1;
  for (let i = start; i < segments.length; i++) {
    const suffix = segments.slice(i);
    if (!isClean(suffix)) continue;
    const path = suffix.join('/');
    if (exists(path)) return path;
  }
  return undefined;
}

/**
 * Where a test's annotation points: its report's `file` when it can be placed, else the first stack frame
 * of its failure text that is not under `node_modules/` or `vendor/`. A frame in the test's own file says
 * the line that failed, better than the test's own `line` (where it starts).
 */
export function annotationPlace(
  test: Pick<TestCase, 'file' | 'line' | 'text'>,
  options: PathOptions = {},
): AnnotationPlace | undefined {
  const frame = test.text === undefined ? undefined : firstFrame(test.text);
  const framePath = frame === undefined ? undefined : repositoryPath(frame.path, options);
  const filePath = test.file === undefined ? undefined : repositoryPath(test.file, options);
  if (filePath !== undefined) {
    const line = framePath === filePath ? (frame?.line ?? test.line) : test.line;
    return validLine(line) ? { path: filePath, line } : { path: filePath };
  }
  if (framePath === undefined) return undefined;
  return validLine(frame?.line) ? { path: framePath, line: frame.line } : { path: framePath };
}
