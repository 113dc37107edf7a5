// The artifact inputs: which steps' artifacts come back, where to, within which sizes, and the values file
// read from them. Checked with the other inputs, before anything is sent; the folder itself (inside the
// workspace, no link on the way) is checked by the adapter before the first request, since it takes the disk.
import { globLines, globProblem } from '../glob.ts';
import type { Target } from './target.ts';
import { ByteSizeError, parseByteSize } from './byte-size.ts';
import type { Problems } from './problems.ts';
import { readBoolean, readChoice } from './values.ts';

export interface ArtifactSettings {
  /** `none` (off), `all`, or step names, each matched exactly after trimming, in every target. */
  steps: 'none' | 'all' | readonly string[];
  /** As given; resolved against the workspace (the CLI: the current folder) when the step starts. */
  path: string;
  /** The most bytes written for one step. */
  maxBytes: number;
  /** The most bytes written for the whole step, every target together. */
  maxTotalBytes: number;
  /** `false` keeps each archive as it came. */
  extract: boolean;
  /** What a step (or, with `all`, a target) that stored nothing does. */
  ifNone: 'warn' | 'error' | 'ignore';
  /** A path inside each archive whose `KEY=VALUE` lines become the `remote-outputs` output. */
  outputsFile?: string;
  /** Glob patterns of JUnit reports inside the archives (`test-reports`); empty: none are read. */
  testReports: readonly string[];
  /** `test-reports-root`: the remote folder the repository was checked out in, stripped from report paths. */
  testReportsRoot?: string;
}

export const ARTIFACT_INPUT_DEFAULTS = {
  artifacts: 'none',
  'artifacts-path': 'ci-run-artifacts',
  'artifacts-max-size': '2GB',
  'artifacts-max-total': '10GB',
  'artifacts-extract': 'true',
  'if-no-artifacts': 'warn',
  'outputs-file': '',
  'test-reports': '',
  'test-reports-root': '',
} as const;

type ArtifactInput = keyof typeof ARTIFACT_INPUT_DEFAULTS;

/** Whether the run's artifacts are read at all: for some steps, or for the values file. */
export function wantsArtifacts(settings: ArtifactSettings): boolean {
  return settings.steps !== 'none' || settings.outputsFile !== undefined || settings.testReports.length > 0;
}

export function readArtifactInputs(
  kind: Target['kind'] | undefined,
  wait: boolean,
  value: (name: ArtifactInput) => string,
  raw: (name: ArtifactInput) => string,
  problems: Problems,
): ArtifactSettings {
  const steps = readSteps(raw('artifacts'), problems);
  const outputsFile = readOutputsFile(value('outputs-file'), problems);
  const testReports = readTestReports(raw('test-reports'), problems);
  const testReportsRoot = value('test-reports-root') || undefined;
  const settings: ArtifactSettings = {
    steps,
    path: readPath(value('artifacts-path'), problems),
    maxBytes: readSize('artifacts-max-size', value('artifacts-max-size'), problems),
    maxTotalBytes: readSize('artifacts-max-total', value('artifacts-max-total'), problems),
    extract: readBoolean('artifacts-extract', value('artifacts-extract'), true, problems),
    ifNone: readChoice(
      'if-no-artifacts',
      value('if-no-artifacts'),
      ['warn', 'error', 'ignore'],
      'warn',
      problems,
    ),
    ...(outputsFile !== undefined ? { outputsFile } : {}),
    testReports,
    ...(testReportsRoot !== undefined ? { testReportsRoot } : {}),
  };
  if (wantsArtifacts(settings)) {
    const input =
      steps !== 'none' ? 'artifacts' : outputsFile !== undefined ? 'outputs-file' : 'test-reports';
    checkScope(kind, wait, input, problems);
  }
  return settings;
}

function readSteps(text: string, problems: Problems): ArtifactSettings['steps'] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return 'none';
  if (lines.length === 1 && ['none', 'all'].includes(lines[0]!.toLowerCase())) {
    return lines[0]!.toLowerCase() as 'none' | 'all';
  }
  const repeated = lines.filter((line, index) => lines.indexOf(line) !== index);
  if (repeated.length > 0) {
    problems.add(
      'artifacts',
      `names step ${JSON.stringify(repeated[0])} twice.`,
      'Give each step name once, one per line; or write `all` for every step that stored something.',
    );
  }
  if (lines.some((line) => ['none', 'all'].includes(line.toLowerCase()))) {
    problems.add(
      'artifacts',
      'mixes `all` or `none` with step names.',
      'Write `all`, `none`, or step names one per line, not both.',
    );
  }
  if (lines.length > 100) {
    problems.add(
      'artifacts',
      `names ${lines.length} steps; at most 100 can be named.`,
      'Write `all` instead.',
    );
  }
  return [...new Set(lines)];
}

function readPath(text: string, problems: Problems): string {
  if (text === '') return ARTIFACT_INPUT_DEFAULTS['artifacts-path'];
  if (/[\0\r\n]/.test(text)) {
    problems.add(
      'artifacts-path',
      'holds a line break or a NUL character.',
      'Give one folder path on one line.',
    );
  }
  return text;
}

function readSize(name: ArtifactInput, text: string, problems: Problems): number {
  const fallback = parseByteSize(ARTIFACT_INPUT_DEFAULTS[name]);
  if (text === '') return fallback;
  return (
    problems.parse(
      name,
      ByteSizeError,
      () => parseByteSize(text),
      (error) => [error.message, `Write a size such as \`${name}: 500MB\`, or leave it out for the default.`],
    ) ?? fallback
  );
}

/** Glob patterns, one a line, matched against the paths inside each archive. */
function readTestReports(text: string, problems: Problems): string[] {
  const patterns = globLines(text);
  for (const pattern of patterns) {
    const problem = globProblem(pattern);
    if (problem !== undefined) {
      problems.add(
        'test-reports',
        `${problem}.`,
        'Write patterns of paths inside the steps’ archives, one a line, such as `**/junit*.xml` or `**/TEST-*.xml`.',
      );
    }
  }
  if (patterns.length > 50) {
    problems.add(
      'test-reports',
      `has ${patterns.length} patterns; at most 50 are read.`,
      'Use `**` to cover folders.',
    );
  }
  return patterns;
}

/** A relative path inside an archive: no `..`, no root, no backslash, no drive. */
function readOutputsFile(text: string, problems: Problems): string | undefined {
  if (text === '') return undefined;
  const path = text.replace(/^\.\//, '');
  const segments = path.split('/');
  if (
    path.startsWith('/') ||
    path.includes('\\') ||
    /^[A-Za-z]:/.test(path) ||
    /[\0\r\n]/.test(path) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    problems.add(
      'outputs-file',
      `${JSON.stringify(text.slice(0, 100))} is not a relative path inside an archive.`,
      'Name the file as the step stored it, relative to its output folder and with `/` between folders, for example `outputs.env` or `build/outputs.env`.',
    );
    return undefined;
  }
  return path;
}

/** Artifacts are a run's: a classic build has none, and `wait: false` never sees a step finish. */
function checkScope(
  kind: Target['kind'] | undefined,
  wait: boolean,
  input: ArtifactInput,
  problems: Problems,
): void {
  if (kind === 'application' || kind === 'application-id') {
    problems.addCombination(
      [input, kind],
      `\`${input}\` brings back a run's artifacts, but the target is a classic build, which stores none.`,
      `Remove \`${input}\`, or trigger a pipeline with \`pipeline\` or \`pipeline-id\`.`,
    );
  }
  if (!wait) {
    problems.addCombination(
      [input, 'wait'],
      `\`${input}\` brings back what the run's steps stored when they finish, but \`wait: false\` does not wait for them.`,
      `Remove \`${input}\`, or remove \`wait: false\`; a later step with \`run-id\` can bring them back.`,
    );
  }
}
