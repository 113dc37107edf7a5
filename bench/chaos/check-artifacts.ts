// The artifacts of a chaos run against the server's archives: every step the `artifacts` output lists as
// stored has a folder whose files are the archive's, file by file and byte for byte, and nothing else lies
// under `artifacts-path`; no `.ci-run-partial-*` folder is left; and a download that failed is a warning
// naming its step, never an error (the step's outcome is judged against the runs by the other checks).
import { errorAnnotations } from '../support/action.ts';
import type { ServedArchives, Tree } from './artifact-evidence.ts';

export interface ArtifactInput {
  /** The absolute `artifacts-path` the action was given. */
  root: string;
  /** The `artifacts` output, when main wrote one. */
  output?: string;
  /** Each target's label and the run whose artifacts count (the attempt that decided), in input order. */
  targets: ReadonlyArray<{ label: string; runId?: string }>;
  served: ServedArchives;
  /** The tree under `root` after the post step, and the partial folders after main and after post. */
  tree: Tree;
  partialsAfterMain: readonly string[];
  partialsAfterPost: readonly string[];
  /** Main's stdout: the warnings and errors the runner shows. */
  stdout: string;
  /** Main ended by itself (not by a signal it did not handle), so it wrote its outputs. */
  ranToEnd: boolean;
  /** Main followed every target to its end: no cancel, timeout, fail-fast or signal cut it short. */
  followedToEnd: boolean;
  /** The `artifacts` input: every step, or these step names. */
  wanted: 'all' | readonly string[];
}

export interface ArtifactTotals {
  /** Entries of the `artifacts` output by status. */
  statuses: Record<string, number>;
  /** Folders compared with their archive, and the files in them. */
  folders: number;
  files: number;
  /** Partial folders left after the post step. */
  partialsLeft: number;
}

interface Entry {
  target: string;
  order: number;
  step: string;
  status: string;
  folder?: string;
  files: number;
}

export function checkArtifacts(input: ArtifactInput): { problems: string[]; totals: ArtifactTotals } {
  const problems: string[] = [];
  const totals: ArtifactTotals = { statuses: {}, folders: 0, files: 0, partialsLeft: 0 };
  if (input.partialsAfterPost.length > 0) {
    totals.partialsLeft = input.partialsAfterPost.length;
    problems.push(`left after the post step: ${input.partialsAfterPost.join(', ')}`);
  } else if (input.ranToEnd && input.partialsAfterMain.length > 0) {
    problems.push(`left after the main step: ${input.partialsAfterMain.join(', ')}`);
  }
  for (const [path, kind] of Object.entries(input.tree)) {
    if (kind === 'link' || kind === 'other')
      problems.push(`${path} is a ${kind === 'link' ? 'link' : 'special file'}`);
  }
  for (const error of errorAnnotations(input.stdout).filter((text) => /artifact/i.test(text))) {
    problems.push(`an error annotation about artifacts: ${error.slice(0, 200)}`);
  }
  if (!input.ranToEnd) return { problems, totals };
  const entries = parseEntries(input.output);
  if (!entries) {
    problems.push('no `artifacts` output, or not the documented array');
    return { problems, totals };
  }
  const runOf = (label: string) =>
    input.targets.length === 1
      ? input.targets[0]?.runId
      : input.targets.find((t) => t.label === label)?.runId;
  const claimed = new Set<string>();
  for (const entry of entries) {
    totals.statuses[entry.status] = (totals.statuses[entry.status] ?? 0) + 1;
    const name = `${input.targets.length > 1 ? `[${entry.target}] ` : ''}step ${entry.order}`;
    if (entry.status === 'stored') {
      const found = compareFolder(input, entry, runOf(entry.target), name, claimed);
      problems.push(...found.problems);
      totals.folders += 1;
      totals.files += found.files;
    } else if (entry.status !== 'none' && !warned(input.stdout, entry)) {
      problems.push(`${name} is ${entry.status} with no warning naming it`);
    }
  }
  const stray = Object.keys(input.tree).filter((path) => !claimed.has(path));
  if (stray.length > 0) {
    problems.push(
      `${stray.length} file(s) under artifacts-path in no stored step's folder: ${stray.slice(0, 3).join(', ')}`,
    );
  }
  if (input.followedToEnd) problems.push(...missingEntries(input, entries));
  return { problems, totals };
}

/** A stored step's folder against its archive on the server: the same paths, the same bytes. */
function compareFolder(
  input: ArtifactInput,
  entry: Entry,
  runId: string | undefined,
  name: string,
  claimed: Set<string>,
): { problems: string[]; files: number } {
  const problems: string[] = [];
  const prefix = entry.folder?.startsWith(`${input.root}/`)
    ? `${entry.folder.slice(input.root.length + 1)}/`
    : undefined;
  if (prefix === undefined)
    return {
      problems: [`${name} is stored in ${entry.folder ?? 'no folder'}, not under artifacts-path`],
      files: 0,
    };
  const onDisk = new Map(
    Object.entries(input.tree)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, digest]) => [path.slice(prefix.length), digest]),
  );
  for (const path of onDisk.keys()) claimed.add(prefix + path);
  const archive = runId !== undefined ? input.served[runId]?.[entry.order] : undefined;
  if (!archive)
    return { problems: [`${name} is stored, but run ${runId ?? '(none)'} has no archive for it`], files: 0 };
  const missing = Object.keys(archive).filter((path) => !onDisk.has(path));
  const extra = [...onDisk.keys()].filter((path) => !(path in archive));
  const differ = Object.keys(archive).filter(
    (path) => onDisk.has(path) && onDisk.get(path) !== archive[path],
  );
  if (missing.length > 0)
    problems.push(
      `${name}: ${missing.length} file(s) of the archive missing: ${missing.slice(0, 3).join(', ')}`,
    );
  if (extra.length > 0)
    problems.push(`${name}: ${extra.length} file(s) not in the archive: ${extra.slice(0, 3).join(', ')}`);
  if (differ.length > 0)
    problems.push(
      `${name}: ${differ.length} file(s) differ from the archive: ${differ.slice(0, 3).join(', ')}`,
    );
  if (entry.files !== onDisk.size)
    problems.push(`${name}: the output says ${entry.files} files, the folder holds ${onDisk.size}`);
  return { problems, files: onDisk.size };
}

/** Followed to its end, every step of the deciding run that stored something (and is wanted) is listed. */
function missingEntries(input: ArtifactInput, entries: readonly Entry[]): string[] {
  const problems: string[] = [];
  for (const target of input.targets) {
    if (target.runId === undefined) continue;
    const archives = input.served[target.runId] ?? {};
    for (const order of Object.keys(archives).map(Number)) {
      if (input.wanted !== 'all' && !input.wanted.includes(`step ${order}`)) continue;
      const listed = entries.some(
        (entry) => entry.order === order && (input.targets.length === 1 || entry.target === target.label),
      );
      if (!listed)
        problems.push(
          `${input.targets.length > 1 ? `[${target.label}] ` : ''}step ${order} stored artifacts the output does not list`,
        );
    }
  }
  return problems;
}

/** A `::warning` that names the step and says it was not brought back, with its status. */
function warned(stdout: string, entry: Entry): boolean {
  return stdout
    .split(/\r?\n/)
    .some(
      (line) =>
        line.startsWith('::warning') &&
        line.includes(`Artifacts of step ${entry.order} `) &&
        line.includes(`not brought back (${entry.status})`),
    );
}

function parseEntries(text: string | undefined): Entry[] | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const entries: Entry[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { target, order, step, status, folder, files } = item as Record<string, unknown>;
    if (typeof order !== 'number' || typeof status !== 'string' || typeof files !== 'number')
      return undefined;
    entries.push({
      target: typeof target === 'string' ? target : '',
      order,
      step: typeof step === 'string' ? step : '',
      status,
      ...(typeof folder === 'string' ? { folder } : {}),
      files,
    });
  }
  return entries;
}
