// Where artifacts go: the `artifacts-path` root, and a folder in it per step. The root is the job's to
// choose but the repository's to fill: a pull request can commit a symlink where the folder (or a folder
// above it) should be, so every folder from the workspace (or RUNNER_TEMP) down to the root must be a real
// folder, checked one at a time with lstat and made when missing, and the result is checked with realpath.
import { lstat, mkdir, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export { removeLeftoverPartials } from './partials.ts';

export interface ArtifactsPlace {
  /** `artifacts-path` as given (default `ci-run-artifacts`). */
  path: string;
  /** GITHUB_WORKSPACE; undefined in the CLI, where the current folder stands in for it. */
  workspace: string | undefined;
  /** RUNNER_TEMP: an absolute path may point inside it too. */
  runnerTemp: string | undefined;
  cwd: string;
}

export type ArtifactsRoot = { root: string } | { problem: string };

function inside(base: string, path: string): boolean {
  return path === base || path.startsWith(base.endsWith(sep) ? base : base + sep);
}

/** The folder `path` must lie in, and the path made absolute; or why it may not be used. */
function placeOf(place: ArtifactsPlace): { base: string; wanted: string } | { problem: string } {
  const workspace = resolve(place.cwd, place.workspace ?? place.cwd);
  const text = place.path.trim();
  if (text === '') return { problem: 'artifacts-path is empty.' };
  const wanted = isAbsolute(text) ? resolve(text) : resolve(workspace, text);
  const bases = [
    workspace,
    ...(place.runnerTemp !== undefined && place.runnerTemp !== '' ? [resolve(place.runnerTemp)] : []),
  ];
  const base = bases.find((candidate) => inside(candidate, wanted));
  if (base === undefined) {
    return {
      problem:
        'artifacts-path must be inside the workspace or RUNNER_TEMP; write a relative path such as `ci-run-artifacts`.',
    };
  }
  return { base, wanted };
}

/** What is wrong with `artifacts-path` by its text alone (for the settings), or undefined. */
export function artifactsPathProblem(place: ArtifactsPlace): string | undefined {
  const found = placeOf(place);
  return 'problem' in found ? found.problem : undefined;
}

/**
 * The artifacts root as a real absolute folder, made when missing; refused when it, or any folder between
 * the workspace (or RUNNER_TEMP) and it, is a symlink or not a folder.
 */
export async function openArtifactsRoot(place: ArtifactsPlace): Promise<ArtifactsRoot> {
  const found = placeOf(place);
  if ('problem' in found) return found;
  let current = await realpath(found.base);
  const segments = relative(found.base, found.wanted)
    .split(sep)
    .filter((segment) => segment !== '');
  for (const segment of segments) {
    current = join(current, segment);
    const problem = await realFolder(current);
    if (problem !== undefined) return { problem };
  }
  // Nothing on the way is a link, so the real path is the path: checked once more, as the rule it is.
  if ((await realpath(current)) !== current) {
    return { problem: 'artifacts-path does not resolve to itself; a folder on the way is a link.' };
  }
  return { root: current };
}

async function realFolder(path: string): Promise<string | undefined> {
  let stat = await lstat(path).catch(() => undefined);
  if (stat === undefined) {
    await mkdir(path, { mode: 0o755 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    stat = await lstat(path);
  }
  const shown = JSON.stringify(path);
  if (stat.isSymbolicLink()) {
    return `artifacts-path: ${shown} is a symlink, which a commit can point anywhere; use a real folder.`;
  }
  if (!stat.isDirectory()) return `artifacts-path: ${shown} is not a folder.`;
  return undefined;
}

// Characters no file system of a runner takes in a name, or that would change what the name means: the
// separators, Windows' reserved characters, control and bidirectional characters, the replacement
// character (what undecodable bytes became).
const UNSAFE = new RegExp(
  String.raw`[\/\\:<>"|?*\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffd]`,
  'g',
);
const RESERVED = /^(?:con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])(?:\s*\.|\s*$)/i;
const MAX_NAME_BYTES = 100;

function cutToBytes(text: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > maxBytes) break;
    out += char;
    bytes += size;
  }
  return out;
}

/**
 * A label or step name as one folder name every file system takes: unsafe characters become `_`, a leading
 * `.` (hidden, `..`, the staging folders' prefix) and a trailing `.` or space too, a Windows device name gets
 * a `_` in front, and it is at most 100 bytes.
 */
export function safeFolderName(text: string): string {
  let name = cutToBytes(text.normalize('NFC').replace(UNSAFE, '_').trim(), MAX_NAME_BYTES);
  name = name.replace(/^\./, '_').replace(/[. ]+$/, (tail) => '_'.repeat(tail.length));
  if (RESERVED.test(name)) name = `_${name}`;
  return name === '' ? '_' : name;
}

/** A step's folder in the root: `<order>-<step name>`, under `<target label>/` when there are several targets. */
export function artifactFolder(order: number, stepName: string, label?: string): string {
  const step = `${order}-${safeFolderName(stepName)}`;
  return label === undefined ? step : `${safeFolderName(label)}/${step}`;
}
