// Which inputs select the target: `pipeline-id` and `pipeline` (each one value a line, both together
// allowed), `application-id`, `run-id` (one value a line), or `application` alone. `application` may
// accompany `pipeline-id` and `run-id` (it names the application whose workflows `wait-for: workflow`
// reads) and `pipeline` (if it names the same application).
import type { Problems } from './problems.ts';
import { quote } from './problems.ts';
import { readApplicationName, readId, readPipelineName } from './values.ts';

export type Target =
  | { kind: 'pipeline-id'; pipelineId: string }
  | { kind: 'pipeline'; owner: string; application: string; pipeline: string }
  | { kind: 'application-id'; applicationId: string }
  | { kind: 'application'; owner: string; application: string }
  | { kind: 'run-id'; runId: string };

export interface TargetInputs {
  'pipeline-id': string;
  pipeline: string;
  'application-id': string;
  application: string;
  'run-id': string;
}

export interface TargetReading {
  /** The kind the inputs ask for (`pipeline` when names and ids are mixed); undefined when unclear. */
  kind?: Target['kind'];
  /** Every target, in input order (`pipeline-id` lines, then `pipeline` lines), when all are valid. */
  targets?: Target[];
  /** The `application` input when it accompanies a run target. */
  application?: { owner: string; name: string };
}

/** The most targets one step follows. */
const MAX_TARGETS = 50;

const SELECTORS = ['pipeline-id', 'pipeline', 'application-id', 'run-id'] as const;

const WAYS =
  'Set exactly one of: `pipeline-id: <id>` or `pipeline: owner/application/pipeline` to trigger a run; ' +
  '`application-id: <id>` or `application: owner/application` to trigger a classic build; ' +
  '`run-id: <id>` to follow an existing run.';

/** The values of an input that takes one a line; blank lines are skipped. */
function linesOf(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function readTarget(values: TargetInputs, problems: Problems): TargetReading {
  // Every value is checked, whichever target is taken, so that one error lists every mistake.
  const pipelines = readRunTargets(values, problems);
  const applicationId = readId('application-id', values['application-id'], problems);
  const application = readApplicationName(values.application, problems);
  const runIds = readLines('run-id', values['run-id'], problems, (line) => readId('run-id', line, problems));
  const given = SELECTORS.filter((name) => values[name] !== '');
  // Pipelines by id and by name may be mixed: both trigger runs.
  const selecting = given.filter((name) => name !== 'pipeline-id' || !given.includes('pipeline'));
  const [kind, ...others] = selecting;
  if (kind === undefined) {
    if (values.application !== '') {
      return {
        kind: 'application',
        ...(application && {
          targets: [{ kind: 'application', owner: application.owner, application: application.name }],
        }),
      };
    }
    problems.addCombination(
      ['pipeline-id', 'pipeline', 'application-id', 'application', 'run-id'],
      'none is set, so there is nothing to trigger or follow.',
      WAYS,
    );
    return {};
  }
  if (others.length > 0) {
    const hint = given.includes('run-id')
      ? `To follow an existing run, keep only \`run-id\`; to trigger a new one, remove \`run-id\`. ${WAYS}`
      : WAYS;
    problems.addCombination(
      [...given] as [string, ...string[]],
      `${given.length === 2 ? 'both' : 'all of them'} select a target, but exactly one may be set.`,
      hint,
    );
    return {};
  }
  switch (kind) {
    case 'application-id': {
      if (values.application !== '') {
        problems.addCombination(
          ['application-id', 'application'],
          'both name the application to build; give it only once.',
          'Keep either `application-id: <id>` or `application: owner/application`.',
        );
        return { kind };
      }
      return { kind, ...(applicationId && { targets: [{ kind, applicationId }] }) };
    }
    case 'pipeline':
    case 'pipeline-id': {
      const targets = pipelines && checkApplication(pipelines, values, application, problems);
      return { kind, ...(targets && { targets }), ...(application && { application }) };
    }
    case 'run-id': {
      const targets = runIds?.map((runId): Target => ({ kind, runId }));
      return { kind, ...(targets && { targets }), ...(application && { application }) };
    }
  }
}

/** The pipelines of `pipeline-id` and `pipeline`, ids first; undefined when any is wrong. */
function readRunTargets(values: TargetInputs, problems: Problems): Target[] | undefined {
  const known = problems.list.length;
  const ids = readLines('pipeline-id', values['pipeline-id'], problems, (line) =>
    readId('pipeline-id', line, problems),
  );
  const names = readLines('pipeline', values.pipeline, problems, (line) => readPipelineName(line, problems));
  const targets: Target[] = [
    ...(ids ?? []).map((pipelineId): Target => ({ kind: 'pipeline-id', pipelineId })),
    ...(names ?? []).map((name): Target => ({ kind: 'pipeline', ...name })),
  ];
  if (targets.length > MAX_TARGETS) {
    const inputs = (['pipeline-id', 'pipeline'] as const).filter((name) => values[name] !== '');
    problems.addCombination(
      inputs as [string, ...string[]],
      `${targets.length} targets are given together, but one step follows at most ${MAX_TARGETS}.`,
      `Split them over several steps (or jobs) of at most ${MAX_TARGETS} targets each.`,
    );
  }
  return problems.list.length > known ? undefined : targets;
}

/** With `pipeline`, `application` may only repeat the pipelines' owner and application. */
function checkApplication(
  targets: Target[],
  values: TargetInputs,
  application: { owner: string; name: string } | undefined,
  problems: Problems,
): Target[] | undefined {
  for (const pipeline of targets) {
    if (pipeline.kind !== 'pipeline') continue;
    if (application && !sameApplication(pipeline, application)) {
      problems.addCombination(
        ['application', 'pipeline'],
        `\`application\` is ${quote(values.application)} but the pipeline belongs to ` +
          `${quote(`${pipeline.owner}/${pipeline.application}`)}; with \`pipeline\`, \`application\` may only ` +
          'repeat the pipeline’s owner and application.',
        'Remove `application`: `pipeline` already names the application whose workflows are read.',
      );
      return undefined;
    }
  }
  return targets;
}

/**
 * Reads one value a line with `read`; undefined when any line is wrong. A line given twice, and more than
 * MAX_TARGETS lines, are mistakes of their own.
 */
function readLines<T>(
  input: 'pipeline-id' | 'pipeline' | 'run-id',
  text: string,
  problems: Problems,
  read: (line: string) => T | undefined,
): T[] | undefined {
  const lines = linesOf(text);
  const known = problems.list.length;
  const seen = new Set<string>();
  const values: T[] = [];
  for (const line of lines) {
    const value = read(line);
    if (value === undefined) continue;
    const key = input === 'pipeline' ? sameKey(line) : line;
    if (seen.has(key)) {
      problems.add(
        input,
        `${quote(line)} is given twice; each target is triggered or followed once.`,
        'Remove the repeated line.',
      );
      return undefined;
    }
    seen.add(key);
    values.push(value);
  }
  if (input === 'run-id' && lines.length > MAX_TARGETS) {
    problems.add(
      input,
      `${lines.length} runs are given, but one step follows at most ${MAX_TARGETS}.`,
      `Split them over several steps (or jobs) of at most ${MAX_TARGETS} runs each.`,
    );
  }
  return problems.list.length > known ? undefined : values;
}

/** Owner and application names are not case-sensitive; pipeline names are kept as given. */
function sameKey(line: string): string {
  const parts = line.split('/');
  return [...parts.slice(0, 2).map((part) => part.trim().toLowerCase()), ...parts.slice(2)].join('/');
}

function sameApplication(
  pipeline: { owner: string; application: string },
  application: { owner: string; name: string },
): boolean {
  // Owner and application names are not case-sensitive on the service (it answers with the owner in lower case).
  return (
    pipeline.owner.toLowerCase() === application.owner.toLowerCase() &&
    pipeline.application.toLowerCase() === application.name.toLowerCase()
  );
}
